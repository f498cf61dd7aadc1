// Counts the client's layer-breaking imports (issue 28): features importing app/ ("running back up") and features
// importing other features. Every import counts, type-only ones included, as dependency-cruiser resolves them.
// Usage: node scripts/count-client-imports.mjs
import { execFileSync } from 'node:child_process';

const json = execFileSync('npx', ['depcruise', 'client/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
  maxBuffer: 256 * 1024 * 1024,
  encoding: 'utf8',
});
const { modules } = JSON.parse(json);
const feature = (path) => /^client\/src\/features\/([^/]+)\//.exec(path)?.[1];
let upIntoApp = 0;
let betweenFeatures = 0;
let sharedIntoFeatures = 0;
for (const module of modules) {
  const from = feature(module.source);
  const fromShared = /^client\/src\/(lib|shared)\//.test(module.source);
  for (const dependency of module.dependencies) {
    const to = dependency.resolved;
    if (from && to.startsWith('client/src/app/')) upIntoApp++;
    const target = feature(to);
    if (from && target && target !== from) betweenFeatures++;
    if (fromShared && (target || to.startsWith('client/src/app/'))) sharedIntoFeatures++;
  }
}
console.log(JSON.stringify({ featuresIntoApp: upIntoApp, betweenFeatures, libOrSharedIntoFeaturesOrApp: sharedIntoFeatures }));
