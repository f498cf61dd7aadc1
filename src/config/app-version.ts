import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The product version from the nearest package.json, the same from sources (tests) and from dist/. */
function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'fairdraw' && manifest.version) return manifest.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json of fairdraw not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const APP_VERSION = readVersion();
