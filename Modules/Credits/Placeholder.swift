import FitCore
