// The rest of the string formats the API server checks on a CRD's field (kube-openapi strfmt's default
// registry, apiextensions' supported list): `uri`, `email`, `hostname`, `duration`, `byte`, `bsonobjectid`,
// the UUIDs, ISBNs, `creditcard`, `ssn`, `hexcolor`, `rgbcolor` and `date-time`. The cases are kube-openapi's
// own (pkg/validation/strfmt default_test.go, duration_test.go, time_test.go at d427ff9), Go's net/mail tests
// (TestAddressParsingAndFormatting) and Go's documented behaviour; then the same through a CRD, as a
// manifest's diagnostics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isStrfmtDuration } from '../../server/src/model/goDuration';
import { isGoMailAddress } from '../../server/src/model/goMail';
import { isGoRequestUri } from '../../server/src/model/goUrl';
import * as f from '../../server/src/model/strfmtFormats';
import { crdDiagnostics, formatCodes } from '../helpers/crdFormats';

const check = (name: string, p: (s: string) => boolean, ok: string[], bad: string[]) => {
  for (const s of ok) assert.ok(p(s), `${name} should accept ${JSON.stringify(s)}`);
  for (const s of bad) assert.ok(!p(s), `${name} should refuse ${JSON.stringify(s)}`);
};

test('uri: url.ParseRequestURI, an absolute URI or an absolute path', () => {
  check(
    'uri',
    isGoRequestUri,
    [
      'http://somewhere.com',
      'http://somewhereelse.com',
      '/a/path',
      'mailto:me@example.com',
      'https://h:8080/p?q=1',
      '*',
    ],
    ['somewhere.com', '', 'relative/path', 'http://a b.com', 'http://[::1', 'http://host:port/', '%zz'],
  );
});

test('email: net/mail.ParseAddress, one address', () => {
  check(
    'email',
    isGoMailAddress,
    [
      'somebody@somewhere.com',
      'blah@gmail.com',
      'test@d.verylongtoplevel',
      'email+tag@gmail.com',
      '" "@example.com',
      String.raw`"Abc\@def"@example.com`,
      '"Fred Bloggs"@example.com',
      String.raw`"Joe\\Blow"@example.com`,
      '"Abc@def"@example.com',
      'customer/department=shipping@example.com',
      '$A12345@example.com',
      '!def!xyz%abc@example.com',
      '_somename@example.com',
      "!#$%&'*+-/=?^_`{}|~@example.com",
      "Miles.O'Brian@example.com",
      'postmaster@☁→❄→☃→☀→☺→☂→☹→✝.ws',
      'root@localhost',
      'john@com',
      'api@piston.ninja',
      // Go's TestAddressParsingAndFormatting (should pass)
      '<bob.bob@example.com>',
      '<".bob"@example.com>',
      '<"dot.and space"@example.com>',
      '<"very.unusual.@.unusual.com"@example.com>',
      String.raw`<"very.(),:;<>[]\".VERY.\"very@\\ \"very\".unusual"@strange.example.com>`,
      String.raw`<"()<>[]:,;@\\\"!#$%&'*+-/=?^_{}| ~.a"@example.org>`,
      '<"john..doe"@example.com>',
      '<"0:"@0>',
      // a display name, a comment, a group of one, a domain literal
      'Barry Gibbs <bg@example.com>',
      'Asem H. <noreply@example.com>',
      'a@b.com (the team)',
      'team: a@b.com;',
      'a@[192.0.2.1]',
      'a@[IPv6:2001:db8::1]',
      ' a@ b.com ',
    ],
    [
      'somebody@somewhere@com',
      // Go's TestAddressParsingAndFormatting (should fail)
      '<Abc.example.com>',
      '<A@b@c@example.com>',
      String.raw`<a"b(c)d,e:f;g<h>i[j\k]l@example.com>`,
      '<just"not"right@example.com>',
      String.raw`<this is"not\allowed@example.com>`,
      '<john..doe@example.com>',
      '<john.doe@example..com>',
      '<john.doe.@example.com>',
      '<.john.doe@example.com>',
      '<@example.com>',
      '<test@.>',
      '< @example.com>',
      '<""test""blah""@example.com>',
      '<""@0>',
      // no address, a group of none or two, a second address, a bad domain literal, an open comment
      '',
      'Barry Gibbs',
      'team:;',
      'team: a@b.com, c@d.com;',
      'a@b.com <c@d.com>',
      'a@[2001:db8::1]',
      'a@[1.2.3]',
      'a@b.com (open',
      'a @b.com',
    ],
  );
});

test('hostname: strfmt IsHostname, RFC 1034 labels of any script, at most 255 bytes', () => {
  check(
    'hostname',
    f.isStrfmtHostname,
    [
      'somewhere.com',
      '888.com',
      'a.b.c.d.e.com',
      '1.2.3.4.com',
      '1wwworg.example.com',
      'xn--bcher-kva.example.com',
      'xn-80ak6aa92e.co',
      '☁→❄→☃→☀→☺→☂→☹→✝.ws',
      'www.example.ôlà',
      'ôlà.ôlà.ôlà',
      'ex$ample',
      'localhost',
      'x',
      'x-y',
      'a.b.c.d.e.f.g.dot',
      'ex=ample.com',
      '<foo>',
      'www.example-hyphenated.org',
      'www.詹姆斯.org',
      'www.élégigôö.org',
      'www.詹姆斯.london',
    ],
    [
      'somewhere.com!',
      'user@email.domain',
      '1.1.1.1',
      'a'.repeat(256),
      ['x', 'y', 'a'.repeat(64)].join('.'),
      'www.example-.org',
      'www.--example.org',
      '-www.example.org',
      'www-.example.org',
      'www.d-.org',
      'www.-d.org',
      'www-',
      '-www',
      'www.ex ample.org',
      '_www.example.org',
      'www.ex;ample.org',
      'www.example_underscored.org',
      'www.詹姆斯.x',
      'a.b.c.d',
      'x.',
      'a.b.c.dot-',
      'a.b.c.é;ö',
    ],
  );
});

test('duration: time.ParseDuration, or a number and a unit strfmt knows anywhere in the text', () => {
  const ok = ['0ms', '2ms', '1ns', '1us', '1µs', '1ms', '1s', '1m', '1h', '1hr', '1d', '1w', '1wk'];
  const words = ['1nanoseconds', '1nanos', '1microseconds', '1micros', '1millis', '1milliseconds', '1second'];
  const more = ['1sec', '1min', '1minute', '1hour', '1day', '1week', '1  ns', '1  µs', '1  wk', '1  week'];
  // TestIsDuration_Caveats, and Go's own forms (a fraction, a sign, `0`, the Greek mu, a bare dot).
  const caveats = ['45 weeks', '45 weekz', '12 hours', '12 minutes', '1h30m', '-1.5h', '+0', '0', '5μs', '1.μs'];
  check(
    'duration',
    isStrfmtDuration,
    [...ok, ...words, ...more, ...caveats, 'every 5 minutes or so', '2562048h'],
    [
      'yada',
      'three week',
      '9999999999999999999999999999999999999999999999999999999 weeks',
      '12 parsecs',
      '12 y',
      '45 wekk',
      '45 weeekks',
      '12 phours',
      '',
      '-',
      '.s',
      '9223372036854775808ns',
      '5s and 99999999999999999999 x',
    ],
  );
});

test('byte and bsonobjectid: base64 in padded groups of 4; 24 hex digits', () => {
  const b64 = Buffer.from('This is a byte array with unprintable chars, but it also isn').toString('base64url');
  check(
    'byte',
    f.isStrfmtBase64,
    [b64, 'ZWxpemFiZXRocG9zZXk=', 'aGVsbG8=', 'YQ==', 'YWJj'],
    ['ZWxpemFiZXRocG9zZXk', ''],
  );
  check('byte', f.isStrfmtBase64, [], ['YQ=', 'Y===', 'a-b_', 'YW Jj', '=YWJ']);
  check(
    'bsonobjectid',
    f.isStrfmtBSONObjectID,
    ['507f1f77bcf86cd799439011', '507F1F77BCF86CD799439011'],
    ['507f1f77bcf86cd79943901', 'g07f1f77bcf86cd799439011'],
  );
});

test('uuid, uuid3, uuid4, uuid5: 32 hex digits, the dashes optional, the version digit where it belongs', () => {
  const v5 = '2ed6657d-e927-568b-95e1-2665a8aea6a2'; // uuid.NewSHA1(NameSpaceURL, "somewhere.com")
  const v3 = '6fa459ea-ee8a-3ca4-894e-db77e160355e';
  const v4 = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  check('uuid', f.isStrfmtUUID, [v5, v3, v4, v5.replaceAll('-', ''), v5.toUpperCase()], ['not-a-uuid', `${v5}0`]);
  check('uuid3', f.isStrfmtUUID3, [v3, v3.toUpperCase()], ['not-a-uuid', v4, v5]);
  check('uuid4', f.isStrfmtUUID4, [v4], ['not-a-uuid', v3, '3f2504e0-4f89-41d3-7a0c-0305e82c3301']);
  check('uuid5', f.isStrfmtUUID5, [v5], ['not-a-uuid', v3, v4]);
});

test('isbn, creditcard, ssn, hexcolor, rgbcolor: govalidator, checksums included', () => {
  check('isbn', f.isStrfmtISBN, ['0321751043', '978-0321751041', '0-8044-2957-X'], ['836217463', '978-0321751042']);
  check('isbn10', f.isStrfmtISBN10, ['0321751043', '0 321 75104 3'], ['836217463', '978-0321751041', '080442957x']);
  check('isbn13', f.isStrfmtISBN13, ['978-0321751041', '9780321751041'], ['978-0321751042', '0321751043']);
  check(
    'creditcard',
    f.isStrfmtCreditCard,
    ['4111-1111-1111-1111', '4012-8888-8888-1881', '4111 1111 1111 1111'],
    ['9999-9999-9999-999', '4111-1111-1111-1112'],
  );
  check(
    'ssn',
    f.isStrfmtSSN,
    ['111-11-1111', '999 99 9999', '123 45-6789'],
    ['999 99 999', '111111111', '111--11-111'],
  );
  check('hexcolor', f.isStrfmtHexColor, ['#FFFFFF', '#000000', 'fff', '#a1B'], ['#fffffffz', '#ffff', '']);
  check(
    'rgbcolor',
    f.isStrfmtRGBColor,
    ['rgb(255,255,255)', 'rgb(0,0,0)', 'rgb( 1 , 22 , 199 )'],
    ['rgb(300,0,0)', 'rgb(01,0,0)', 'rgb(0,0)', 'RGB(0,0,0)'],
  );
});

test('date-time: strfmt IsDateTime, seconds and a zone required, any character before the fraction', () => {
  check(
    'date-time',
    f.isStrfmtDateTime,
    [
      '2014-12-15T08:00:00.000Z',
      '2011-08-18T19:03:37.000000000+01:00',
      '2014-12-15T19:30:20Z',
      '0001-01-01T00:00:00Z',
      '2014-12-15t19:30:20z',
      '2014-12-15T19:30:20,5Z',
      '2014-12-15T19:30:20ZtANYTHING', // a part after a second `t` is not read
    ],
    [
      '2014-12-15',
      '2014-12-15T08:00:00',
      '2014-12-15T24:00:00Z',
      '2014-12-15T19:30Z',
      '2014-12-15 19:30:20Z',
      '2014-02-30T00:00:00Z',
      '2014-12-15T19:30:20+0100',
    ],
  );
});

const ALL = `                uri: {type: string, format: uri}
                email: {type: string, format: email}
                host: {type: string, format: hostname}
                timeout: {type: string, format: duration}
                data: {type: string, format: byte}
                oid: {type: string, format: bsonobjectid}
                id: {type: string, format: uuid}
                id4: {type: string, format: uuid4}
                book: {type: string, format: isbn}
                card: {type: string, format: creditcard}
                ssn: {type: string, format: ssn}
                color: {type: string, format: hexcolor}
                rgb: {type: string, format: rgbcolor}
                at: {type: string, format: date-time}
                at2: {type: string, format: datetime}
                secret: {type: string, format: password}
                size: {type: string, format: quantity}
`;

test('a CRD field of each format gets the API server verdict on its value', () => {
  const codes = formatCodes('Formats', ALL);
  const good = `  uri: https://example.com/a
  email: "Ops <ops@example.com>"
  host: api.example.com
  timeout: 5 minutes
  data: aGVsbG8=
  oid: 507f1f77bcf86cd799439011
  id: 3f2504e04f8941d39a0c0305e82c3301
  id4: 3f2504e0-4f89-41d3-9a0c-0305e82c3301
  book: 978-0321751041
  card: 4111-1111-1111-1111
  ssn: 123-45-6789
  color: "#ff8800"
  rgb: rgb(255, 136, 0)
  at: 2025-01-31T12:00:00Z
  at2: 2025-01-31T12:00:00,5+01:00
  secret: anything at all
  size: not a quantity
`;
  assert.deepEqual(codes(good), []);
  for (const bad of [
    'uri: example.com/a',
    'email: ops at example.com',
    'host: api_.example.com',
    'timeout: soon',
    'data: aGVsbG8',
    'oid: 507f1f77',
    'id: 3f2504e0-4f89-41d3-9a0c-0305e82c33',
    'id4: 3f2504e0-4f89-31d3-9a0c-0305e82c3301',
    'book: 978-0321751042',
    'card: 4111-1111-1111-1112',
    'ssn: 123-45-678',
    'color: "#ff88"',
    'rgb: rgb(256, 0, 0)',
    'at: 2025-01-31',
    'at2: 2025-01-31T12:00Z',
  ])
    assert.deepEqual(codes(`  ${bad}\n`), ['format'], bad);
});

test('a format error says what is wrong and what to write, on the value', () => {
  const diagnostics = crdDiagnostics('Site', '                host: {type: string, format: hostname}\n');
  const [d] = diagnostics('  host: api_.example.com\n');
  assert.equal(d.code, 'format');
  assert.match(d.message, /^`spec\.host` value "api_\.example\.com" must be a host name such as `example\.com`/);
  const text = 'apiVersion: example.org/v1\nkind: Site\nmetadata: {name: site}\nspec:\n  host: api_.example.com\n';
  assert.equal(text.slice(d.start, d.end), 'api_.example.com');
});

test('format names are read as strfmt reads them: dashes ignored', () => {
  const codes = formatCodes(
    'Dashes',
    `                a: {type: string, format: date-time}
                b: {type: string, format: uuid-4}
                c: {type: string, format: e-mail}
`,
  );
  assert.deepEqual(codes('  a: "2025-01-31"\n'), ['format']);
  assert.deepEqual(codes('  b: not-a-uuid\n'), ['format']);
  assert.deepEqual(codes('  c: nobody\n'), ['format']);
});

// Hostile input: each validator reads a long text in one pass (a quadratic one would not finish here: 200,000
// characters squared is 4·10^10 steps); the verdict is Go's.
test('long hostile values get their verdict from every validator', () => {
  const n = 200_000;
  const cases: [string, (s: string) => boolean, string, boolean][] = [
    ['duration digits', isStrfmtDuration, '1'.repeat(n), false],
    ['duration zeros', isStrfmtDuration, `${'0'.repeat(n)}5s`, true],
    ['duration spaces', isStrfmtDuration, `5${' '.repeat(n)}x`, false],
    ['duration fraction', isStrfmtDuration, `1.${'0'.repeat(n)}`, false],
    ['email atom', isGoMailAddress, 'a'.repeat(n), false],
    ['email dots', isGoMailAddress, `${'a.'.repeat(n)}a@b`, true],
    ['email comments', isGoMailAddress, `a@b (${'('.repeat(n)}`, false],
    ['email quoted', isGoMailAddress, `"${'a'.repeat(n)}`, false],
    ['email phrase', isGoMailAddress, `${'x '.repeat(n)}<a@b>`, true],
    ['uri', isGoRequestUri, `/${'%41'.repeat(n)}`, true],
    ['hostname', f.isStrfmtHostname, `${'a-'.repeat(n)}a`, false],
    ['date-time', f.isStrfmtDateTime, `2020-01-01T00:00:00${'1'.repeat(n)}`, false],
    ['rgbcolor', f.isStrfmtRGBColor, `rgb(${' '.repeat(n)}`, false],
    ['creditcard', f.isStrfmtCreditCard, '-'.repeat(n), false],
    ['isbn', f.isStrfmtISBN, ' -'.repeat(n), false],
    ['byte', f.isStrfmtBase64, `${'AAAA'.repeat(n)}A===`, false],
  ];
  for (const [name, p, s, want] of cases) assert.equal(p(s), want, name);
});
