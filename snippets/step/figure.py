from gated import diagram

print(f'<figure class="computed">{diagram.lstm_step()}</figure>')
