import sys
from pathlib import Path

# The independent reference implementations used by the tests live beside them.
sys.path.insert(0, str(Path(__file__).parent))
