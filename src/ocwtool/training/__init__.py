"""Training on the puzzles: reward functions, a Gymnasium environment and exports for trainers.

The rewards are the evaluation's metrics (``ocwtool.evaluation``), so a policy is trained on the score
it is evaluated by. This layer sits above releases (it loads a release's configs and splits) and below
the CLI.
"""
