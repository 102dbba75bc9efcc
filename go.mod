module github.com/wargamesim/sim

go 1.26.0

require (
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sync v0.25.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
