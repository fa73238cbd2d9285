"""OpenSpiel's ISMCTS bot, with gemtable's determinization as its resampler,
against random play in a game of Jowhari (needs `pip install gemtable[openspiel]`)."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

import gemtable.ai.interop.openspiel  # noqa: F401 - registers python_gemtable_<game id>

game = pyspiel.load_game("python_gemtable_jowhari(players=2)")
rng = np.random.RandomState(1)
sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
bot = ISMCTSBot(game, RandomRolloutEvaluator(1, rng), uct_c=0.7, max_simulations=10,
                random_state=rng)
bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))

state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():  # the deal's four seed bytes, then any dice
        ids, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choice(ids, p=probabilities))
    elif state.current_player() == 0:
        state.apply_action(bot.step(state))
    else:
        state.apply_action(rng.choice(state.legal_actions()))
print("returns", state.returns())
