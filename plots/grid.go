package plots

import "gonum.org/v1/plot/plotter"

// horizontalGrid is light grey lines at the y ticks, to read values off.
func horizontalGrid(t theme) *plotter.Grid {
	g := plotter.NewGrid()
	g.Vertical.Color = nil
	g.Horizontal = t.line(1, gridColor)
	return g
}

// verticalGrid is light grey lines at the x ticks.
func verticalGrid(t theme) *plotter.Grid {
	g := plotter.NewGrid()
	g.Horizontal.Color = nil
	g.Vertical = t.line(1, gridColor)
	return g
}
