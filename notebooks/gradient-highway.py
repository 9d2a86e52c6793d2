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
# # The gradient highway notebook
#
# This notebook recomputes, on your machine, the tables of chapter [13]{chapter} on four topics: how quickly a gradient
# shrinks along the memory of an LSTM, how the forget-gate bias sets that speed at the start of training, a single LSTM
# step and a single GRU step with every gate visible, and the parameter cost of each gate.
#
# All it needs is Python with numpy and a Jupyter kernel. Run the cells in order, from the top.

# %% [markdown] lang="ru"
# # Ноутбук «Градиентная магистраль»
#
# Этот ноутбук заново вычисляет на вашей машине таблицы главы [13]{chapter} по четырём темам: как быстро уменьшается
# градиент вдоль памяти LSTM, как смещение гейта забывания задаёт эту скорость в начале обучения, один шаг LSTM и один
# шаг GRU со всеми гейтами и сколько параметров стоит каждый гейт.
#
# Нужны только Python с numpy и ядро Jupyter. Выполняйте ячейки по порядку, начиная с первой.

# %% [markdown] lang="en"
# Choose the language of the table headings and of the number format here:

# %% [markdown] lang="ru"
# Здесь выбирается язык заголовков таблиц и формат чисел:

# %% tags=["parameters"]
LANG = "en"

# %% [markdown] lang="en"
# The next cells write the parts of the chapter's `gated` package that these tables need into a folder
# `gated/` beside the notebook: the package's own code, so the numbers below are the numbers on the site's pages.

# %% [markdown] lang="ru"
# Следующие ячейки записывают в папку `gated/` рядом с ноутбуком те части пакета `gated` из главы, которые
# нужны этим таблицам: это код самого пакета, поэтому числа ниже — те же, что на страницах сайта.

# %% tags=["gated"]
chapter.tables.decay chapter.tables.bias chapter.tables.lstm_step chapter.tables.lstm_update chapter.tables.gru_step chapter.tables.params render.markdown

# %%
from IPython.display import Markdown, display

from gated.chapter import tables
from gated.render import markdown


def show(table):
    """A table, rendered in the notebook's language."""
    display(Markdown(markdown(table, LANG)))

# %% [markdown] lang="en"
# ## The highway
#
# Going back along the memory line, every step scales the gradient by the forget gate, since
# $c_t = f_t \odot c_{t-1} + \dots$; a gate that stays at $f$ for $\tau$ steps leaves $f^\tau$ of it. In a plain RNN the
# factor is the matrix $\operatorname{diag}(1 - h_t^2)\,W_h$, which changes from step to step; the first column
# stands in for it with a constant $[0.5]{param}$.

# %% [markdown] lang="ru"
# ## Магистраль
#
# При движении назад вдоль линии памяти каждый шаг умножает градиент на гейт забывания, поскольку
# $c_t = f_t \odot c_{t-1} + \dots$; гейт, который $\tau$ шагов держится на уровне $f$, оставляет от градиента долю
# $f^\tau$. В обычной RNN множитель — матрица $\operatorname{diag}(1 - h_t^2)\,W_h$, которая меняется от шага к шагу;
# в первом столбце её заменяет постоянное число $[0.5]{param}$.

# %%
show(tables.decay())

# %% [markdown] lang="en"
# A gate of $f = [0.99]{param}$ still passes [6.57 × 10⁻³]{decay.lstm99_500_prose} of the gradient after
# $\tau = [500]{param}$ steps. The plain cell's factor of $[0.5]{param}$ leaves [7.1 × 10⁻¹⁵]{decay.rnn_47_prose} after
# only $\tau = [47]{param}$. The gradient still fades in an LSTM,
# but how fast it fades is now up to the network, through its forget gates.

# %% [markdown] lang="ru"
# Гейт $f = [0.99]{param}$ даже через $\tau = [500]{param}$ шагов пропускает долю градиента
# [6.57 × 10⁻³]{decay.lstm99_500_prose}. Множитель $[0.5]{param}$ обычной ячейки уже через $\tau = [47]{param}$ шагов
# оставляет лишь [7.1 × 10⁻¹⁵]{decay.rnn_47_prose}. В LSTM градиент
# по-прежнему затухает, но скорость затухания теперь определяет сама сеть — через гейты забывания.

# %% [markdown] lang="en"
# ## The forget-gate bias
#
# When the weights start small, as in the chapter's from-scratch LSTM, $f_t \approx \sigma(b_f)$ at the start of
# training: a single number per unit decides how fast the gradient decays along the highway.

# %% [markdown] lang="ru"
# ## Смещение гейта забывания
#
# Если начальные веса малы, как у LSTM, написанной в главе с нуля, то в начале обучения $f_t \approx \sigma(b_f)$:
# одно число на нейрон решает, как быстро градиент затухает на магистрали.

# %%
show(tables.bias())

# %% [markdown] lang="en"
# With small weights, a bias of $b_f = [0]{param}$ puts the gate at [0.5000]{bias.sigma0}, and the gradient then fades
# exactly as in the first table's plain cell, with its factor of $[0.5]{param}$. A bias of $b_f = [2]{param}$ puts it at
# [0.8808]{bias.sigma2}: after $\tau = [47]{param}$ steps [2.6 × 10⁻³]{fb.b2_47} of the gradient is left rather than
# [7.1 × 10⁻¹⁵]{fb.b0_47}, roughly [3.6 × 10¹¹]{fb.ratio} times as much. PyTorch's own initialisation lets more through
# than this; the chapter measures how much.

# %% [markdown] lang="ru"
# При малых весах и смещении $b_f = [0]{param}$ гейт равен [0.5000]{bias.sigma0}, и градиент затухает ровно как
# в обычной ячейке из первой таблицы с множителем $[0.5]{param}$. При $b_f = [2]{param}$ он равен [0.8808]{bias.sigma2}:
# через $\tau = [47]{param}$ шагов от градиента остаётся [2.6 × 10⁻³]{fb.b2_47}, а не [7.1 × 10⁻¹⁵]{fb.b0_47}, то есть
# примерно в [3.6 × 10¹¹]{fb.ratio} раз больше. Инициализация PyTorch пропускает больше; сколько именно, глава измеряет.

# %% [markdown] lang="en"
# ## One step of each cell
#
# The cell has two units and reads an input of size two. Every gate has its weights $W$ on $x_t$ and $U$ on $h_{t-1}$,
# as the tables write them; the forget gate's bias is $[1]{param}$ and all other biases are $[0]{param}$.

# %% [markdown] lang="ru"
# ## По одному шагу каждой ячейки
#
# Ячейка из двух нейронов читает вход размерности два. У каждого гейта свои веса: $W$ при $x_t$ и $U$ при $h_{t-1}$,
# как в таблицах; смещение гейта забывания равно $[1]{param}$, все остальные смещения равны $[0]{param}$.

# %%
show(tables.lstm_step())
show(tables.lstm_update())

# %% [markdown] lang="en"
# With forget gates of [0.8038]{lstm2.f1} and [0.6964]{lstm2.f2}, most of the old memory survives, and the new memory is
# that remainder plus the gated candidate. The GRU below reads the same input and reuses the weights of the first three
# blocks: $W_f, U_f$ as its $W_z, U_z$, then $W_i, U_i$ as $W_r, U_r$ and $W_c, U_c$ as $W_h, U_h$. It has no biases;
# its update gate $z$ sets the share of the state that is replaced.

# %% [markdown] lang="ru"
# При гейтах забывания [0.8038]{lstm2.f1} и [0.6964]{lstm2.f2} большая часть старой памяти сохраняется, а новая память —
# это сохранённое плюс кандидат, пропущенный через входной гейт. GRU ниже читает тот же вход и берёт веса первых трёх
# блоков: $W_f, U_f$ становятся её $W_z, U_z$, а $W_i, U_i$ и $W_c, U_c$ — её $W_r, U_r$ и $W_h, U_h$. Смещений у неё
# нет; её гейт обновления $z$ задаёт долю состояния, которая заменяется.

# %%
show(tables.gru_step())

# %% [markdown] lang="en"
# ## What a gate costs
#
# A block reads $[h_{t-1}, x_t]$, which has $H + d$ entries, and outputs $H$ numbers, so with one bias vector it
# holds $H(H + d) + H$ parameters. The plain RNN has one such block, the GRU three, the LSTM four.

# %% [markdown] lang="ru"
# ## Сколько стоит гейт
#
# Блок читает вектор $[h_{t-1}, x_t]$ из $H + d$ чисел и выдаёт $H$ чисел, поэтому при одном векторе смещений в нём
# $H(H + d) + H$ параметров. У обычной RNN один такой блок, у GRU три, у LSTM четыре.

# %%
show(tables.params(d=100, H=500))

# %% [markdown] lang="en"
# For equal sizes a GRU has [75%]{cost.gru_share} of an LSTM's parameters: [300,500]{cost.saved} fewer in this case. Try
# other values of $d$ and $H$ in the cell above and run it again.

# %% [markdown] lang="ru"
# При одинаковых размерах у GRU [75 %]{cost.gru_share} параметров LSTM: в этом случае на [300 500]{cost.saved} меньше.
# Задайте в ячейке выше другие $d$ и $H$ и выполните её снова.
