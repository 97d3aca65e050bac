# The two commands: `make run` and `make test`. See README.md.
PORT ?= 8080
DATA ?= data

.PHONY: run test build setup bench clean-data

run: setup
	swift build -c release --product yaruki
	.build/release/yaruki demo --data-dir $(DATA)
	DATA=$(DATA) PORT=$(PORT) scripts/serve-demo.sh

test:
	scripts/setup.sh test
	scripts/test.sh

build:
	swift build -c release --product yaruki

setup:
	scripts/setup.sh run

bench:
	scripts/setup.sh bench
	bench/http/run.sh
	bench/api/run.sh
	bench/auth/run.sh
	bench/signage/run.sh
	bench/playback/run.sh
	bench/health/run.sh
	bench/sync/run.sh
	bench/training/run.sh
	bench/push/run.sh
	bench/scale/run.sh
	bench/peers/run.sh

clean-data:
	rm -rf $(DATA)
