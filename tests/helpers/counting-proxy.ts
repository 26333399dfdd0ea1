// The counting proxy the bulk bench uses too (one implementation): a node:http proxy in front of a
// sandbox that counts requests by method and path.
export { countingProxy, type CountingProxy } from '../../bench/counting-proxy.mjs';
