"""Invented groups shared by the tests that need many distinct words (the LLM runner's scripted
server, the exported verifiers environment)."""

# 24 groups, every word distinct, so a prompt names one board only.
THEMES = [
    ("Rivers", "Danube Rhine Loire Tagus"),
    ("Card games", "Snap Bridge Rummy Whist"),
    ("Trees", "Oak Ash Elm Yew"),
    ("Planets", "Mars Venus Saturn Jupiter"),
    ("Chess pieces", "Rook Bishop Knight Pawn"),
    ("Metals", "Iron Copper Zinc Nickel"),
    ("Dances", "Waltz Tango Salsa Polka"),
    ("Composers", "Bach Handel Haydn Mahler"),
    ("Fish", "Cod Haddock Plaice Sole"),
    ("Gems", "Ruby Opal Topaz Garnet"),
    ("Dogs", "Beagle Poodle Collie Boxer"),
    ("Cheeses", "Brie Gouda Feta Stilton"),
    ("Greek letters", "Alpha Gamma Delta Sigma"),
    ("Fabrics", "Silk Denim Tweed Linen"),
    ("Herbs", "Basil Thyme Sage Dill"),
    ("Instruments", "Oboe Cello Harp Tuba"),
    ("Capitals", "Paris Oslo Lima Cairo"),
    ("Birds", "Robin Wren Finch Heron"),
    ("Weapons", "Sword Lance Dagger Mace"),
    ("Shapes", "Circle Square Rhombus Oval"),
    ("Pasta", "Penne Fusilli Orzo Rigatoni"),
    ("Knots", "Hitch Bowline Reef Granny"),
    ("Clouds", "Cirrus Stratus Cumulus Nimbus"),
    ("Poets", "Keats Byron Shelley Blake"),
]
