from gated import diagram, figure

print(figure(diagram.lstm_step()))
