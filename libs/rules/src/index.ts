export * from './date-format.js';
export * from './generator-rules.js';
export * from './account-rules.js';
export * from './draw-rules.js';
export * from './publication-rules.js';
export * from './upload-rules.js';
export * from './branding.js';
export * from './compact-json.js';
