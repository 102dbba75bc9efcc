package plots

// optionSubtitle is the subtitle of a chart that has no report (a trend,
// a heatmap): [Options.Subtitle], then [Options.Partial] in the warning
// colour, as [provenance] marks an interrupted run.
func optionSubtitle(o Options) []piece {
	ps := segments(o.Subtitle)
	if o.Partial != "" {
		ps = append(ps, piece{text: o.Partial, color: warnColor, sep: " · "})
	}
	return ps
}
