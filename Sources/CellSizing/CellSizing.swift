// CellSizing
