import { jest } from '@jest/globals';

// Browser tests walk whole journeys in Chromium (several pages, a processed file, accessibility scans) on two shared
// cores; the limit only stops a hung test. (Jest reads `testTimeout` from the root of its config only.)
jest.setTimeout(180_000);
