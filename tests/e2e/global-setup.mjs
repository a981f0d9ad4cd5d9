// Builds dist/ with Trunk when it is missing (scripts/test builds it before the e2e step).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, ROOT } from './devices.mjs';

export default function globalSetup() {
  if (existsSync(join(DIST, 'index.html'))) return;
  console.log(`${DIST} missing: trunk build --release`);
  execFileSync('trunk', ['build', '--release'], { cwd: ROOT, stdio: 'inherit' });
}
