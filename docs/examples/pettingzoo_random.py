"""A random agent through a whole game of every gemtable game, as PettingZoo
environments (needs `pip install gemtable[pettingzoo]`). Trains nothing."""

import numpy as np

from gemtable.ai.interop.pettingzoo import GemtableEnv

for game in ("jowhari", "jewelbox", "workbench", "iridescia", "marylia"):
    env = GemtableEnv(game, players=2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in env.agent_iter():  # the seat to move, named in env.agent_selection
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    print(game, env.state_now.outcome())
