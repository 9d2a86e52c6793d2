from gated import markdown
from gated.chapter.experiments import scratch

print(markdown(scratch.levels(scratch.run())))  # the losses the text allows, beside the model's
