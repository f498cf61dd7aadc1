export type { Hash, NodeRef, NewNode } from './merkle.js';
export {
  leafHash,
  nodeHash,
  EMPTY_ROOT,
  splitPoint,
  subtreeRefs,
  foldSubtree,
  inclusionPlan,
  consistencyPlan,
  assembleProof,
  rootFromInclusionProof,
  verifyInclusion,
  verifyConsistency,
  appendToFrontier,
  MemoryTree,
  toHex,
  fromHex,
} from './merkle.js';
export type { TreeHead } from './tree-head.js';
export { TREE_HEAD_VERSION, treeHeadStatement, verifyTreeHead } from './tree-head.js';
export type { DrawLogEntry } from './entries.js';
export type { CertifiedDraw } from './entries.js';
export { DRAW_LOG_ENTRY_VERSION, encodeEntry, entryBytes, decodeEntry, checkDrawHistory, describeLogPositions } from './entries.js';
export type { DrawTerms } from './digests.js';
export { termsSha256, resultsSha256 } from './digests.js';
export type { CertificateLog, LogCheck } from './draw-checks.js';
export { checkDrawLog } from './draw-checks.js';
