// cel-go's `string()` of a double, `fmt.Sprintf("%g", x)` (common/types/double.go): the shortest digits, in
// exponent form below 10^-4 and from 10^6 (strconv's "use precision 6 for this decision"), `-0` kept, `+Inf`.
// The same text cel-go's `'%s'.format([x])` writes (cel-go's own cases: stringFormatCases.ts).
import { runCases, value } from './harness';

runCases("string() of a double (Go's %g)", [
  { expr: "string(1234567.0) == '1.234567e+06'", expect: value(true) },
  { expr: "string(123456.0) == '123456'", expect: value(true) },
  { expr: "string(15000000.0 + 0.0 * dyn(1.0)) == '1.5e+07'", expect: value(true) },
  { expr: "string(1e-5) == '1e-05'", expect: value(true) },
  { expr: "string(0.0001) == '0.0001'", expect: value(true) },
  { expr: "string(-4.5e-3) == '-0.0045'", expect: value(true) },
  { expr: "string(-0.0) == '-0'", expect: value(true) },
  { expr: "string(1e100) == '1e+100'", expect: value(true) },
  { expr: "string(0.1 + 0.2) == '0.30000000000000004'", expect: value(true) },
  { expr: "string(double('Inf')) == '+Inf' && string(double('-Inf')) == '-Inf'", expect: value(true) },
  { expr: "string(double('NaN')) == 'NaN'", expect: value(true) },
  // Every other type as before.
  {
    expr: "string(1) + string(uint(2)) + string(true) + string(b'x') + string('y') == '12truexy'",
    expect: value(true),
  },
  { expr: "string(duration('1h')) == '3600s'", expect: value(true) },
]);
