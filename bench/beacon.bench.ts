// What the beacon adds to a draw's execution besides waiting for its round (issue 23, target under 50 ms): fetching
// the round over HTTP from a drand relay (here a local one serving quicknet's recorded round 1000, a real signature)
// and verifying its BLS signature, as DrandHttpBeacon does for every draw.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chainOf, QUICKNET_INFO, verifyRoundSignature } from '#rng';
import { DrandHttpBeacon } from '../src/platform/beacon/drand-http-beacon.adapter.js';
import { measure, type BenchFigure, type BenchSuite } from './bench-kit.js';

const RUNS = 15;
const ROUND_1000 = JSON.stringify({
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
});

const beaconSuite: BenchSuite = {
  name: 'beacon',
  async run(): Promise<BenchFigure[]> {
    const relay = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(ROUND_1000));
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const chain = { ...chainOf(QUICKNET_INFO), independent: true };
    const beacon = new DrandHttpBeacon([url], QUICKNET_INFO.hash);
    try {
      const fetched = await measure('fetch and verify one drand round (local relay)', RUNS, () => beacon.round(chain, 1000), { targetMs: 50 });
      const verified = await measure('verify one round signature (BLS, informative)', RUNS, () => verifyRoundSignature(chain, 1000, JSON.parse(ROUND_1000).signature));
      return [{ ...fetched, withinTarget: fetched.medianMs < 50 }, verified];
    } finally {
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    }
  },
};

export default beaconSuite;
