# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown] lang="en"
# # The gradient highway
#
# Four tables from chapter [13]{chapter}, computed in front of you: how fast a gradient fades along the LSTM's
# memory, what the forget-gate bias does to that, one LSTM step and one GRU step with every gate shown,
# and what each gate costs in parameters.
#
# The notebook needs Python with numpy and a Jupyter kernel, nothing else. Run it top to bottom.

# %% [markdown] lang="ru"
# # Градиентная магистраль
#
# Четыре таблицы из главы [13]{chapter}, вычисленные у вас на глазах: как быстро затухает градиент вдоль памяти LSTM,
# что с этим делает смещение гейта забывания, один шаг LSTM и один шаг GRU со всеми гейтами и сколько
# параметров стоит каждый гейт.
#
# Ноутбуку нужны Python с numpy и ядро Jupyter, больше ничего. Выполняйте ячейки сверху вниз.

# %% [markdown] lang="en"
# The language of the tables' headings and number format:

# %% [markdown] lang="ru"
# Язык заголовков таблиц и формата чисел:

# %% tags=["parameters"]
LANG = "en"

# %% [markdown] lang="en"
# ## The code
#
# The next cells write the parts of the chapter's `gated` package that the tables need into a folder
# `gated/` beside the notebook. They are the package's own modules, copied in when the site was built,
# so the numbers below are the numbers on the site's pages.

# %% [markdown] lang="ru"
# ## Код
#
# Следующие ячейки записывают в папку `gated/` рядом с ноутбуком те части пакета `gated` из главы,
# которые нужны таблицам. Это собственные модули пакета, вставленные при сборке сайта, поэтому числа
# ниже — те же, что на страницах сайта.

# %% tags=["gated"]
gate highway lstm gru examples cost render tables

# %%
from gated import tables
from gated.render import text

# %% [markdown] lang="en"
# ## The highway
#
# Along the memory line each step multiplies the gradient by the forget gate, $c_{t-1} \mapsto f_t c_{t-1}$, so
# after $\tau$ steps a gate held at $f$ leaves $f^\tau$ of it. A plain RNN multiplies by
# $\operatorname{diag}(1 - h_t^2)\,W_h$ instead; the first column models that by a factor of $[0.5]{param}$.

# %% [markdown] lang="ru"
# ## Магистраль
#
# Вдоль линии памяти каждый шаг умножает градиент на гейт забывания, $c_{t-1} \mapsto f_t c_{t-1}$, поэтому
# через $\tau$ шагов гейт, удерживаемый на уровне $f$, оставляет от него $f^\tau$. Обычная RNN вместо этого
# умножает на $\operatorname{diag}(1 - h_t^2)\,W_h$; первый столбец моделирует это множителем $[0.5]{param}$.

# %%
print(text(tables.decay(), LANG))

# %% [markdown] lang="en"
# With $f = [0.99]{param}$ a share of [6.570e-03]{decay.lstm99_500} survives $\tau = [500]{param}$ steps; with the plain cell's $[0.5]{param}$ only [7.105e-15]{decay.rnn_47}
# is left after $\tau = [47]{param}$. The LSTM does not remove the decay: it hands its rate to the network.

# %% [markdown] lang="ru"
# При $f = [0.99]{param}$ через $\tau = [500]{param}$ шагов остаётся доля [6.570e-03]{decay.lstm99_500}; при множителе $[0.5]{param}$ обычной ячейки уже
# через $\tau = [47]{param}$ остаётся лишь [7.105e-15]{decay.rnn_47}. LSTM не отменяет затухание: она передаёт его скорость в
# распоряжение сети.

# %% [markdown] lang="en"
# ## The forget-gate bias
#
# At initialisation the weights are small, so $f_t \approx \sigma(b_f)$ and the highway's rate is set by one
# number per unit.

# %% [markdown] lang="ru"
# ## Смещение гейта забывания
#
# При инициализации веса малы, поэтому $f_t \approx \sigma(b_f)$, и скорость затухания на магистрали задаёт
# одно число на нейрон.

# %%
print(text(tables.bias(), LANG))

# %% [markdown] lang="en"
# With $b_f = [0]{param}$ the gate starts at [0.5000]{bias.sigma0} and fades exactly like the plain cell. With $b_f = [2]{param}$ it starts at
# [0.8808]{bias.sigma2}, and after $\tau = [47]{param}$ steps the gradient keeps [2.565e-03]{bias.b2_47} instead of [7.105e-15]{bias.b0_47}: about [3.6e+11]{bias.ratio} times
# more signal.

# %% [markdown] lang="ru"
# При $b_f = [0]{param}$ гейт начинает с [0.5000]{bias.sigma0} и затухает ровно как обычная ячейка. При $b_f = [2]{param}$ он начинает с
# [0.8808]{bias.sigma2}, и через $\tau = [47]{param}$ шагов от градиента остаётся [2.565e-03]{bias.b2_47} вместо [7.105e-15]{bias.b0_47}: примерно в [3.6e+11]{bias.ratio} раз
# больше сигнала.

# %% [markdown] lang="en"
# ## One step of each cell
#
# Two units, an input of size two. Each gate is written as one matrix acting on $q = [h_{t-1}, x_t]$;
# the forget bias is $[1]{param}$ and the other biases are $[0]{param}$.

# %% [markdown] lang="ru"
# ## По одному шагу каждой ячейки
#
# Два нейрона, вход размерности два. Каждый гейт записан одной матрицей, действующей на
# $q = [h_{t-1}, x_t]$; смещение гейта забывания равно $[1]{param}$, остальные смещения нулевые.

# %%
print(text(tables.lstm_step(), LANG))
print(text(tables.lstm_update(), LANG))

# %% [markdown] lang="en"
# The forget gates sit at [0.8038]{lstm2.f1} and [0.6964]{lstm2.f2}, so most of the old memory is kept, and the new memory is reached
# by an addition. The GRU reads the same input with the first three matrices as $W_z$, $W_r$ and $W_h$ and no
# biases; its update gate $z$ decides which share of the state is rewritten.

# %% [markdown] lang="ru"
# Гейты забывания стоят на [0.8038]{lstm2.f1} и [0.6964]{lstm2.f2}, так что большая часть старой памяти сохраняется, а новая память
# получается сложением. GRU читает тот же вход, взяв первые три матрицы в роли $W_z$, $W_r$ и $W_h$, без
# смещений; её гейт обновления $z$ решает, какая доля состояния переписывается.

# %%
print(text(tables.gru_step(), LANG))

# %% [markdown] lang="en"
# ## What a gate costs
#
# Each block reads $[h_{t-1}, x_t]$, of length $H + d$, and produces $H$ numbers: $H(H + d) + H$ parameters
# with one bias vector. A plain RNN has one block, a GRU three and an LSTM four.

# %% [markdown] lang="ru"
# ## Во что обходится гейт
#
# Каждый блок читает $[h_{t-1}, x_t]$ длины $H + d$ и выдаёт $H$ чисел: $H(H + d) + H$ параметров при
# одном векторе смещений. У обычной RNN один блок, у GRU три, у LSTM четыре.

# %%
print(text(tables.params(d=100, H=500), LANG))

# %% [markdown] lang="en"
# A GRU is [75%]{cost.gru_share} of an LSTM of the same size, [300,500]{cost.saved} parameters fewer here. Change $d$ and $H$ above and run
# the cell again.

# %% [markdown] lang="ru"
# GRU составляет [75 %]{cost.gru_share} от LSTM того же размера, здесь это на [300 500]{cost.saved} параметров меньше. Поменяйте $d$ и $H$ в
# ячейке выше и выполните её снова.
