from gated.chapter import explorer

print(explorer.html())
