#!/usr/bin/env node
// Snapshot tests of the highlighting of every bundled rules file (../../rules/*.sow), with
// vscode-tmgrammar-snap. The snapshots live in tests/snap/ (NAME.sow.snap), not beside the
// rules files: each run copies the rules files and their snapshots into a temporary folder,
// runs the tool there, and (with --update) copies the snapshots back.
//
//   node scripts/snap.js            check: fails on a changed, missing or stale snapshot
//   node scripts/snap.js --update   write the snapshots anew (npm run snap:update)
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.join(__dirname, '..');
const rulesDir = path.join(root, '..', '..', 'rules');
const snapDir = path.join(root, 'tests', 'snap');
const update = process.argv.includes('--update');

const rules = fs.readdirSync(rulesDir).filter((f) => f.endsWith('.sow')).sort();
if (rules.length === 0) {
  console.error(`snap: no rules files in ${rulesDir}`);
  process.exit(1);
}
fs.mkdirSync(snapDir, { recursive: true });
const snaps = fs.readdirSync(snapDir).filter((f) => f.endsWith('.sow.snap'));
const missing = rules.filter((f) => !snaps.includes(`${f}.snap`));
const stale = snaps.filter((f) => !rules.includes(f.replace(/\.snap$/, '')));

if (!update && (missing.length > 0 || stale.length > 0)) {
  for (const f of missing) console.error(`snap: rules/${f} has no snapshot tests/snap/${f}.snap`);
  for (const f of stale) console.error(`snap: tests/snap/${f} is the snapshot of no rules file`);
  console.error('snap: run `npm run snap:update`, read the new snapshots, and commit them');
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sow-snap-'));
let status = 1;
try {
  for (const f of rules) {
    fs.copyFileSync(path.join(rulesDir, f), path.join(work, f));
    if (!update && snaps.includes(`${f}.snap`)) fs.copyFileSync(path.join(snapDir, `${f}.snap`), path.join(work, `${f}.snap`));
  }
  const tool = require.resolve('vscode-tmgrammar-test/dist/snapshot.js');
  const args = [tool, '--config', path.join(root, 'package.json'), ...(update ? ['--updateSnapshot'] : ['--expandDiff']), '*.sow'];
  const run = spawnSync(process.execPath, args, { cwd: work, stdio: 'inherit' });
  status = run.status === null ? 1 : run.status;
  if (status === 0 && update) {
    for (const f of stale) fs.unlinkSync(path.join(snapDir, f));
    for (const f of rules) fs.copyFileSync(path.join(work, `${f}.snap`), path.join(snapDir, `${f}.snap`));
    console.log(`snap: wrote ${rules.length} snapshots to tests/snap/${stale.length ? `, removed ${stale.length} stale` : ''}`);
  } else if (status === 0) {
    console.log(`snap: the highlighting of all ${rules.length} bundled rules files matches tests/snap/`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(status);
