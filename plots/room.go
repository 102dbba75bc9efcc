package plots

import (
	"errors"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// checkRoom returns an error if p, drawn on c, would have a data area
// less than two lines of tick labels high: too small to read.
func checkRoom(t theme, p *plot.Plot, c draw.Canvas) error {
	dc := p.DataCanvas(c)
	line := t.text(tickSize, false, textColor).FontExtents().Height
	if dc.Max.Y-dc.Min.Y < 2*line || dc.Max.X-dc.Min.X < 4*line {
		return errors.New("the axes leave too little room for the data")
	}
	return nil
}
