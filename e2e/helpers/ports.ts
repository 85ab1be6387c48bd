// One rule for the ports of spawned servers, shared with the server's suites.
export { freePortBlock as freePortRange } from '../../server/test/helpers/freePort';
