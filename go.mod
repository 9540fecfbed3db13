module github.com/slget/slget

go 1.26.8
