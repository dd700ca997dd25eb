'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The `selfsize` binary to compare with: $SELFSIZE_CLI, else the checkout's build. */
function cliPath() {
  if (process.env.SELFSIZE_CLI) return process.env.SELFSIZE_CLI;
  for (const configuration of ['debug', 'release']) {
    const candidate = path.join(ROOT, '.build', configuration, 'selfsize');
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('no selfsize binary: build it (swift build) or set SELFSIZE_CLI');
}

/** The objects the CLI prints for `args` (run in the repository). */
function runCLI(args, input) {
  const done = spawnSync(cliPath(), args, { cwd: ROOT, input, maxBuffer: 1 << 30 });
  if (done.status !== 0 && done.status !== 1) throw new Error(done.stderr.toString());
  return done.stdout.toString().split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
}

function readJSONL(relative) {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8').split('\n').filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

module.exports = { ROOT, cliPath, runCLI, readJSONL };
