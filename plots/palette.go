package plots

import "image/color"

// The Okabe–Ito palette: eight colours that stay distinct for people with
// any of the common forms of colour blindness (Okabe M. and Ito K., 2008,
// "Color Universal Design (CUD): how to make figures and presentations that
// are friendly to colorblind people", https://jfly.uni-koeln.de/color/).
var (
	okabeBlack         = color.RGBA{0x00, 0x00, 0x00, 0xff}
	okabeOrange        = color.RGBA{0xe6, 0x9f, 0x00, 0xff}
	okabeSkyBlue       = color.RGBA{0x56, 0xb4, 0xe9, 0xff}
	okabeBluishGreen   = color.RGBA{0x00, 0x9e, 0x73, 0xff}
	okabeYellow        = color.RGBA{0xf0, 0xe4, 0x42, 0xff}
	okabeBlue          = color.RGBA{0x00, 0x72, 0xb2, 0xff}
	okabeVermillion    = color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	okabeReddishPurple = color.RGBA{0xcc, 0x79, 0xa7, 0xff}
)

// Roles of the Okabe–Ito colours in every chart: simulated values are
// blue, exact ones vermillion.
var (
	simulatedColor = okabeBlue
	exactColor     = okabeVermillion
)

// seriesColors are the colours of the lines of a comparison, in order: the
// darker Okabe–Ito colours first, yellow (faint on white) last.
var seriesColors = []color.RGBA{
	okabeBlue, okabeVermillion, okabeBluishGreen, okabeReddishPurple,
	okabeOrange, okabeSkyBlue, okabeBlack, okabeYellow,
}

// Neutral colours of text, axes, grid lines and missing values.
var (
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	textColor = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	subtle    = color.RGBA{0x4d, 0x4d, 0x4d, 0xff} // subtitle and notes: 8.4:1 on white
	axisColor = color.RGBA{0x59, 0x59, 0x59, 0xff}
	gridColor = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
	noValue   = color.RGBA{0xe8, 0xe8, 0xe8, 0xff} // a heatmap cell without a value
	warnColor = color.RGBA{0xa6, 0x3d, 0x00, 0xff} // a darker vermillion (6.4:1 on white), for "partial"
)
