// Kubernetes' URL library cases from the apiextensions CEL validator's tests
// (apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "URL parsing").
import { type Case, runCases, value } from './harness';

const SELF = { url: 'https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor' };

const VALID = [
  "url('/path').getScheme() == ''",
  "url('https://example.com/').getScheme() == 'https'",
  "url('https://example.com:80/').getHost() == 'example.com:80'",
  "url('https://example.com/').getHost() == 'example.com'",
  "url('https://[::1]:80/').getHost() == '[::1]:80'",
  "url('https://[::1]/').getHost() == '[::1]'",
  "url('/path').getHost() == ''",
  "url('https://example.com:80/').getHostname() == 'example.com'",
  "url('https://127.0.0.1/').getHostname() == '127.0.0.1'",
  "url('https://[::1]/').getHostname() == '::1'",
  "url('/path').getHostname() == ''",
  "url('https://example.com:80/').getPort() == '80'",
  "url('https://example.com/').getPort() == ''",
  "url('/path').getPort() == ''",
  "url('https://example.com/path').getEscapedPath() == '/path'",
  "url('https://example.com/with space/').getEscapedPath() == '/with%20space/'",
  "url('https://example.com').getEscapedPath() == ''",
  "url('https://example.com/path?k1=a&k2=b&k2=c').getQuery() == { 'k1': ['a'], 'k2': ['b', 'c']}",
  "url('https://example.com/path?key with spaces=value with spaces').getQuery() == { 'key with spaces': ['value with spaces']}",
  "url('https://example.com/path?').getQuery() == {}",
  "url('https://example.com/path').getQuery() == {}",
  "url(self.url).getScheme() == 'https'",
  "url(self.url).getHost() == 'kubernetes.io:80'",
  "url(self.url).getHostname() == 'kubernetes.io'",
  "url(self.url).getPort() == '80'",
  "url(self.url).getEscapedPath() == '/docs/home'",
  "url(self.url).getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}",
  "isURL('https://user:pass@example.com:80/path?query=val#fragment')",
  "isURL('/path') == true",
  "isURL('https://a:b:c/') == false",
  "isURL('../relative-path') == false",
  // The cost test's rule ("cost for extended lib calculated correctly: url") holds too.
  "url('https:://kubernetes.io/').getHostname() != 'test'",
];

const CASES: Case[] = VALID.map((expr): Case => ({ expr, expect: value(true) }));

runCases('urls', CASES, SELF);
