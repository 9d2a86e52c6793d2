from gated import explorer

print(explorer.html())
