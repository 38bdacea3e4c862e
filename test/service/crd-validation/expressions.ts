// TestValidationExpressions of the apiextensions CEL validator (k8s.io/apiextensions-apiserver,
// pkg/apiserver/schema/cel/validation_test.go), translated: per case a structural schema, an object, the rules
// that hold on it (`valid`) and the rules the API server fails with the given words (`errors`). Case names,
// rules and values are Kubernetes' (differences.ts lists where the product does not agree yet, and why).
import type { ExpressionCase } from './cases';
import {
  booleanType,
  byteType,
  dateFormat,
  dateTimeFormat,
  doubleType,
  durationFormat,
  f,
  float32,
  float64,
  floatType,
  int32,
  int32Type,
  int64,
  int64Type,
  integerType,
  intOrStringType,
  listMapType,
  listMapTypePtr,
  listSetType,
  listType,
  listTypePtr,
  mapType,
  mapTypePtr,
  math,
  nilInterfaceOfStringSlice,
  numberType,
  objectType,
  objectTypePtr,
  objs,
  schemas,
  sprintf,
  stringType,
  ValsEqualThemselvesAndDataLiteral,
  withDefault,
  withNullable,
  withNullablePtr,
} from './schema';

export const VALIDATION_EXPRESSIONS: ExpressionCase[] = [
  // tests where val1 and val2 are equal but val3 is different
  // equality, comparisons and type specific functions
  {
    name: 'integers',
    // 1st obj and schema args are for "self.val1" field, 2nd for "self.val2" and so on.
    obj: objs(
      int64(math.MaxInt64),
      int64(math.MaxInt64),
      int32(math.MaxInt32),
      int32(math.MaxInt32),
      int64(math.MaxInt64),
      int64(math.MaxInt64),
    ),
    schema: schemas(integerType, integerType, int32Type, int32Type, int64Type, int64Type),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', sprintf('%d', int64(math.MaxInt64))),
      ValsEqualThemselvesAndDataLiteral('self.val3', 'self.val4', sprintf('%d', math.MaxInt32)),
      ValsEqualThemselvesAndDataLiteral('self.val5', 'self.val6', sprintf('%d', int64(math.MaxInt64))),
      'self.val1 == self.val6', // integer with no format is the same as int64
      'type(self.val1) == int',
      sprintf('self.val3 + 1 == %d + 1', math.MaxInt32), // CEL integers are 64 bit
      'type(self.val3) == int',
      'type(self.val5) == int',
    ],
    errors: {
      'self.val1 + 1 == 0': 'integer overflow',
      'self.val5 + 1 == 0': 'integer overflow',
      '1 / 0 == 1 / 0': 'division by zero',
    },
  },
  {
    name: 'numbers',
    obj: objs(
      float64(math.MaxFloat64),
      float64(math.MaxFloat64),
      float32(math.MaxFloat32),
      float32(math.MaxFloat32),
      float64(math.MaxFloat64),
      float64(math.MaxFloat64),
      int64(1),
    ),
    schema: schemas(numberType, numberType, floatType, floatType, doubleType, doubleType, doubleType),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', sprintf('%f', math.MaxFloat64)),
      ValsEqualThemselvesAndDataLiteral('self.val3', 'self.val4', sprintf('%f', math.MaxFloat32)),
      ValsEqualThemselvesAndDataLiteral('self.val5', 'self.val6', sprintf('%f', math.MaxFloat64)),
      'self.val1 == self.val6', // number with no format is the same as float64
      'type(self.val1) == double',
      'type(self.val3) == double',
      'type(self.val5) == double',

      // Use a int64 value with a number openAPI schema type since float representations of whole numbers
      // (e.g. 1.0, 0.0) can convert to int representations (e.g. 1, 0) in yaml to json translation, and
      // then get parsed as int64s.
      'type(self.val7) == double',
      'self.val7 == 1.0',
    ],
  },
  {
    name: 'numeric comparisons',
    obj: objs(
      int64(5), // val1, integer type, integer value
      int64(10), // val2, integer type, integer value
      int64(15), // val3, integer type, integer value
      float64(f(10.0)), // val4, number type, parsed from decimal literal
      float64(f(10.0)), // val5, float type, parsed from decimal literal
      float64(f(10.0)), // val6, double type, parsed from decimal literal
      int64(10), // val7, number type, parsed from integer literal
      int64(10), // val8, float type, parsed from integer literal
      int64(10), // val9, double type, parsed from integer literal
    ),
    schema: schemas(
      integerType,
      integerType,
      integerType,
      numberType,
      floatType,
      doubleType,
      numberType,
      floatType,
      doubleType,
    ),
    valid: [
      // xref: https://github.com/google/cel-spec/wiki/proposal-210

      // compare integers with all float types
      'double(self.val1) < self.val4',
      'double(self.val1) <= self.val4',
      'double(self.val2) <= self.val4',
      'double(self.val2) == self.val4',
      'double(self.val2) >= self.val4',
      'double(self.val3) > self.val4',
      'double(self.val3) >= self.val4',

      'self.val1 < int(self.val4)',
      'self.val2 == int(self.val4)',
      'self.val3 > int(self.val4)',

      'double(self.val1) < self.val5',
      'double(self.val2) == self.val5',
      'double(self.val3) > self.val5',

      'self.val1 < int(self.val5)',
      'self.val2 == int(self.val5)',
      'self.val3 > int(self.val5)',

      'double(self.val1) < self.val6',
      'double(self.val2) == self.val6',
      'double(self.val3) > self.val6',

      'self.val1 < int(self.val6)',
      'self.val2 == int(self.val6)',
      'self.val3 > int(self.val6)',

      // Also compare with float types backed by integer values,
      // which is how integer literals are parsed from JSON for custom resources.
      'double(self.val1) < self.val7',
      'double(self.val2) == self.val7',
      'double(self.val3) > self.val7',

      'self.val1 < int(self.val7)',
      'self.val2 == int(self.val7)',
      'self.val3 > int(self.val7)',

      'double(self.val1) < self.val8',
      'double(self.val2) == self.val8',
      'double(self.val3) > self.val8',

      'self.val1 < int(self.val8)',
      'self.val2 == int(self.val8)',
      'self.val3 > int(self.val8)',

      'double(self.val1) < self.val9',
      'double(self.val2) == self.val9',
      'double(self.val3) > self.val9',

      'self.val1 < int(self.val9)',
      'self.val2 == int(self.val9)',
      'self.val3 > int(self.val9)',

      // compare literal integers and floats
      'double(5) < 10.0',
      'double(10) == 10.0',
      'double(15) > 10.0',

      '5 < int(10.0)',
      '10 == int(10.0)',
      '15 > int(10.0)',

      // compare integers with literal floats
      'double(self.val1) < 10.0',
      'double(self.val2) == 10.0',
      'double(self.val3) > 10.0',

      // Cross Type Numeric Comparisons: integers with all float types
      'self.val1 < self.val4',
      'self.val1 <= self.val4',
      'self.val2 <= self.val4',
      'self.val2 >= self.val4',
      'self.val3 > self.val4',
      'self.val3 >= self.val4',

      'self.val1 < self.val4',
      'self.val3 > self.val4',

      'self.val1 < self.val5',
      'self.val3 > self.val5',

      'self.val1 < self.val5',
      'self.val3 > self.val5',

      'self.val1 < self.val6',
      'self.val3 > self.val6',

      'self.val1 < self.val6',
      'self.val3 > self.val6',

      // Cross Type Numeric Comparisons: float types backed by integer values,
      // which is how integer literals are parsed from JSON for custom resources.
      'self.val1 < self.val7',
      'self.val3 > self.val7',

      'self.val1 < int(self.val7)',
      'self.val3 > int(self.val7)',

      'self.val1 < self.val8',
      'self.val3 > self.val8',

      'self.val1 < self.val8',
      'self.val3 > self.val8',

      'self.val1 < self.val9',
      'self.val3 > self.val9',

      'self.val1 < self.val9',
      'self.val3 > self.val9',

      // Cross Type Numeric Comparisons: literal integers and floats
      '5 < 10.0',
      '15 > 10.0',

      '5 < 10.0',
      '15 > 10.0',

      // Cross Type Numeric Comparisons: integers with literal floats
      'self.val1 < 10.0',
      'self.val3 > 10.0',
    ],
  },
  {
    name: 'unicode strings',
    obj: objs('Rook takes 👑', 'Rook takes 👑'),
    schema: schemas(stringType, stringType),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', "'Rook takes 👑'"),
      "self.val1.startsWith('Rook')",
      "!self.val1.startsWith('knight')",
      "self.val1.contains('takes')",
      "!self.val1.contains('gives')",
      "self.val1.endsWith('👑')",
      "!self.val1.endsWith('pawn')",
      "self.val1.matches('^[^0-9]*$')",
      "!self.val1.matches('^[0-9]*$')",
      'type(self.val1) == string',
      'size(self.val1) == 12',

      // string functions (https://github.com/google/cel-go/blob/v0.9.0/ext/strings.go)
      "self.val1.charAt(3) == 'k'",
      "self.val1.indexOf('o') == 1",
      "self.val1.indexOf('o', 2) == 2",
      "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'",
      "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'",
      "self.val1.split(' ') == ['Rook', 'takes', '👑']",
      "self.val1.split(' ', 2) == ['Rook', 'takes 👑']",
      "self.val1.substring(5) == 'takes 👑'",
      "self.val1.substring(0, 4) == 'Rook'",
      "self.val1.substring(4, 10).trim() == 'takes'",
      "self.val1.upperAscii() == 'ROOK TAKES 👑'",
      "self.val1.lowerAscii() == 'rook takes 👑'",

      "'%d %s %f %s %s'.format([1, 'abc', 1.0, duration('1m'), timestamp('2000-01-01T00:00:00.000Z')]) == '1 abc 1.000000 60s 2000-01-01T00:00:00Z'",
      "'%e'.format([3.14]) == '3.140000×10⁰⁰'",
      "'%o %o %o'.format([7, 8, 9]) == '7 10 11'",
      "'%b %b %b'.format([7, 8, 9]) == '111 1000 1001'",
    ],
    errors: {
      // Invalid regex with a string constant regex pattern is compile time error
      "self.val1.matches(')')": 'compile error: compilation failed: ERROR: <input>:1:19: invalid matches argument',
    },
  },
  {
    name: 'escaped strings',
    obj: objs('l1\nl2', 'l1\nl2'),
    schema: schemas(stringType, stringType),
    valid: [ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', "'l1\\nl2'"), "self.val1 == '''l1\nl2'''"],
  },
  {
    name: 'bytes',
    obj: objs('QUI=', 'QUI='),
    schema: schemas(byteType, byteType),
    valid: [
      'self.val1 == self.val2',
      "self.val1 == b'AB'",
      "self.val1 == bytes('AB')",
      "self.val1 == b'\\x41\\x42'",
      'type(self.val1) == bytes',
      'size(self.val1) == 2',
    ],
  },
  {
    name: 'booleans',
    obj: objs(true, true, false, false),
    schema: schemas(booleanType, booleanType, booleanType, booleanType),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', 'true'),
      ValsEqualThemselvesAndDataLiteral('self.val3', 'self.val4', 'false'),
      'self.val1 != self.val4',
      'type(self.val1) == bool',
    ],
  },
  {
    name: 'duration format',
    obj: objs('1h2m3s4ms', '1h2m3s4ms'),
    schema: schemas(durationFormat, durationFormat),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', "duration('1h2m3s4ms')"),
      "self.val1 == duration('1h2m') + duration('3s4ms')",
      'self.val1.getHours() == 1',
      'self.val1.getMinutes() == 62',
      'self.val1.getSeconds() == 3723',
      'self.val1.getMilliseconds() == 3723004',
      'type(self.val1) == google.protobuf.Duration',
    ],
    errors: {
      "duration('1')": 'compilation failed: ERROR: <input>:1:10: invalid duration argument',
      "duration('1d')": 'compilation failed: ERROR: <input>:1:10: invalid duration argument',
      "duration('1us') < duration('1nns')": 'compilation failed: ERROR: <input>:1:28: invalid duration argument',
    },
  },
  {
    name: 'date format',
    obj: objs('1997-07-16', '1997-07-16'),
    schema: schemas(dateFormat, dateFormat),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', "timestamp('1997-07-16T00:00:00.000Z')"),
      'self.val1.getDate() == 16',
      'self.val1.getMonth() == 06', // zero based indexing
      'self.val1.getFullYear() == 1997',
      'type(self.val1) == google.protobuf.Timestamp',
    ],
  },
  {
    name: 'date-time format',
    obj: objs('2011-08-18T19:03:37.010000000+01:00', '2011-08-18T19:03:37.010000000+01:00'),
    schema: schemas(dateTimeFormat, dateTimeFormat),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', "timestamp('2011-08-18T19:03:37.010+01:00')"),
      "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
      "self.val1.getDate('01:00') == 18",
      "self.val1.getMonth('01:00') == 7", // zero based indexing
      "self.val1.getFullYear('01:00') == 2011",
      "self.val1.getHours('01:00') == 19",
      "self.val1.getMinutes('01:00') == 03",
      "self.val1.getSeconds('01:00') == 37",
      "self.val1.getMilliseconds('01:00') == 10",
      "self.val1.getHours('UTC') == 18", // TZ in string is 1hr off of UTC
      'type(self.val1) == google.protobuf.Timestamp',
    ],
    errors: {
      "timestamp('1000-00-00T00:00:00Z')": 'compilation failed: ERROR: <input>:1:11: invalid timestamp',
      "timestamp('1000-01-01T00:00:00ZZ')": 'compilation failed: ERROR: <input>:1:11: invalid timestamp',
      'timestamp(-62135596801)': 'compilation failed: ERROR: <input>:1:11: invalid timestamp',
    },
  },
  {
    name: 'enums',
    obj: { enumStr: 'Pending' },
    schema: objectTypePtr({
      enumStr: {
        Generic: {
          Type: 'string',
        },
        ValueValidation: {
          Enum: [
            { Object: 'Pending' },
            { Object: 'Available' },
            { Object: 'Bound' },
            { Object: 'Released' },
            { Object: 'Failed' },
          ],
        },
      },
    }),
    valid: ["self.enumStr == 'Pending'", "self.enumStr in ['Pending', 'Available']"],
  },
  {
    name: 'conversions',
    obj: objs(
      int64(10),
      f(10.0),
      f(10.49),
      f(10.5),
      true,
      '10',
      'MTA=',
      '3723.004s',
      '1h2m3s4ms',
      '2011-08-18T19:03:37.01+01:00',
      '2011-08-18T19:03:37.01+01:00',
      '2011-08-18T00:00:00Z',
      '2011-08-18',
    ),
    schema: schemas(
      integerType,
      numberType,
      numberType,
      numberType,
      booleanType,
      stringType,
      byteType,
      stringType,
      durationFormat,
      stringType,
      dateTimeFormat,
      stringType,
      dateFormat,
    ),
    valid: [
      'int(self.val2) == self.val1',
      'int(self.val3) == self.val1',
      'int(self.val4) == self.val1',
      'int(self.val6) == self.val1',
      'double(self.val1) == self.val2',
      'double(self.val6) == self.val2',
      'bytes(self.val6) == self.val7',
      'string(self.val1) == self.val6',
      "string(self.val2) == '10'",
      "string(self.val3) == '10.49'",
      "string(self.val4) == '10.5'",
      "string(self.val5) == 'true'",
      'string(self.val7) == self.val6',
      'duration(self.val8) == self.val9',
      'string(self.val9) == self.val8',
      'timestamp(self.val10) == self.val11',
      'string(self.val11) == self.val10',
      'timestamp(self.val12) == self.val13',
      'string(self.val13) == self.val12',
    ],
  },
  {
    name: 'lists',
    obj: objs([1, 2, 3], [1, 2, 3]),
    schema: schemas(listType(integerType), listType(integerType)),
    valid: [
      ValsEqualThemselvesAndDataLiteral('self.val1', 'self.val2', '[1, 2, 3]'),
      '1 in self.val1',
      'self.val2[0] in self.val1',
      '!(0 in self.val1)',
      'self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]',
      'self.val1 + [4, 5] == [1, 2, 3, 4, 5]',
    ],
    errors: {
      // Mixed type lists are not allowed since we have HomogeneousAggregateLiterals enabled
      "[1, 'a', false].filter(x, string(x) == 'a')":
        "compilation failed: ERROR: <input>:1:5: expected type 'int' but found 'string'",
    },
  },
  {
    name: 'ext lists version 3',
    obj: objs([1, 2, 3], [1, 2, 3]),
    schema: schemas(listType(integerType), listType(integerType)),
    valid: [
      'lists.range(4) == [0,1,2,3]',
      'lists.range(0) == []',
      '[5,1,2,3].reverse() == [3,2,1,5]',
      '[].reverse() == []',
      '[1].reverse() == [1]',
      "['are', 'you', 'as', 'bored', 'as', 'I', 'am'].reverse() == ['am', 'I', 'as', 'bored', 'as', 'you', 'are']",
      '[false, true, true].reverse().reverse() == [false, true, true]',
      '[1,2,3,4].slice(0, 4) == [1,2,3,4]',
      '[1,2,3,4].slice(0, 0) == []',
      '[1,2,3,4].slice(1, 1) == []',
      '[1,2,3,4].slice(4, 4) == []',
      '[1,2,3,4].slice(1, 3) == [2, 3]',
      'dyn([]).flatten() == []',
      'dyn([1,2,3,4]).flatten() == [1,2,3,4]',
      '[].sort() == []',
      '[1].sort() == [1]',
      '[4, 3, 2, 1].sort() == [1, 2, 3, 4]',
      '["d", "a", "b", "c"].sort() == ["a", "b", "c", "d"]',
      '[].sortBy(e, e) == []',
      '["a"].sortBy(e, e) == ["a"]',
      '[-3, 1, -5, -2, 4].sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]',
      '[-3, 1, -5, -2, 4].map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]',
      'lists.range(3).sortBy(e, -e) == [2, 1, 0]',
      '["a", "c", "b", "first"].sortBy(e, e == "first" ? "" : e) == ["first", "a", "b", "c"]',
      "[{'name': 'foo'}, {'name': 'bar'}, {'name': 'baz'}].sortBy(e, e.name) == [{'name': 'bar'}, {'name': 'baz'}, {'name': 'foo'}]",
      '[].distinct() == []',
      '[1].distinct() == [1]',
      '[-2, 5, -2, 1, 1, 5, -2, 1].distinct() == [-2, 5, 1]',
      "['c', 'a', 'a', 'b', 'a', 'b', 'c', 'c'].distinct() == ['c', 'a', 'b']",
      '[[1], [1], [2]].distinct() == [[1], [2]]',
      "[{'name': 'a'}, {'name': 'b'}, {'name': 'a'}].distinct() == [{'name': 'a'}, {'name': 'b'}]",
      '[[1],[2],[3,4]].flatten() == [1,2,3,4]',
    ],
    errors: {
      '[1,2,3,4].slice(3, 0) != [1,2]': 'cannot slice(3, 0), start index must be less than or equal to end index',
      '[1,2,3,4].slice(0, 10) != [1,2]': 'cannot slice(0, 10), list is length 4',
      '[1,2,3,4].slice(-5, 10) != [1,2]': 'cannot slice(-5, 10), negative indexes not supported',
      '[1,2,3,4].slice(-5, -3) != [1,2]': 'cannot slice(-5, -3), negative indexes not supported',
      '[[1],[2],[3,4]].flatten(-1) == [1,2,3,4]':
        'level must be non-negative evaluating rule: [[1],[2],[3,4]].flatten(-1) == [1,2,3,4]',
      '["d", 3, 2, "c"].sort() == ["a", "b", "c", "d"]': "expected type 'string' but found 'int'",
    },
  },
  {
    name: 'string lists',
    obj: objs(['a', 'b', 'c']),
    schema: schemas(listType(stringType)),
    valid: [
      // Join function
      "self.val1.join('-') == 'a-b-c'",
      "['a', 'b', 'c'].join('-') == 'a-b-c'",
      "self.val1.join() == 'abc'",
      "['a', 'b', 'c'].join() == 'abc'",
    ],
  },
  {
    name: 'listSets',
    obj: objs(['a', 'b', 'c'], ['a', 'c', 'b']),
    schema: schemas(listSetType(stringType), listSetType(stringType)),
    valid: [
      // equal even though order is different
      "self.val1 == ['c', 'b', 'a']",
      'self.val1 == self.val2',
      "'a' in self.val1",
      'self.val2[0] in self.val1',
      "!('x' in self.val1)",
      "self.val1 + self.val2 == ['a', 'b', 'c']",
      "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']",

      // Join function
      "self.val1.join('-') == 'a-b-c'",
      "['a', 'b', 'c'].join('-') == 'a-b-c'",
      "self.val1.join() == 'abc'",
      "['a', 'b', 'c'].join() == 'abc'",

      // CEL sets functions
      "sets.contains(['a', 'b'], [])",
      "sets.contains(['a', 'b'], ['b'])",
      "!sets.contains(['a', 'b'], ['c'])",
      'sets.equivalent([], [])',
      "sets.equivalent(['c', 'b', 'a'], ['b', 'c', 'a'])",
      "!sets.equivalent(['a', 'b'], ['b', 'c'])",
      "sets.intersects(['a', 'b'], ['b', 'c'])",
      '!sets.intersects([], [])',
      "!sets.intersects(['a', 'b'], [])",
      "!sets.intersects(['a', 'b'], ['c', 'd'])",

      'sets.contains([1, 2], [2])',
      'sets.contains([true, false], [false])',
      'sets.contains([1.25, 1.5], [1.5])',
      "sets.contains([{'a': 1}, {'b': 2}], [{'b': 2}])",
      'sets.contains([[1, 2], [3, 4]], [[3, 4]])',
      "sets.contains([timestamp('2000-01-01T00:00:00.000+01:00'), timestamp('2012-01-01T00:00:00.000+01:00')], [timestamp('2012-01-01T00:00:00.000+01:00')])",
      "sets.contains([duration('1h'), duration('2h')], [duration('2h')])",

      'sets.equivalent([1, 2], [1, 2])',
      'sets.equivalent([true, false], [true, false])',
      'sets.equivalent([1.25, 1.5], [1.25, 1.5])',
      "sets.equivalent([{'a': 1}, {'b': 2}], [{'a': 1}, {'b': 2}])",
      'sets.equivalent([[1, 2], [3, 4]], [[1, 2], [3, 4]])',
      "sets.equivalent([timestamp('2012-01-01T00:00:00.000+01:00')], [timestamp('2012-01-01T00:00:00.000+01:00')])",
      "sets.equivalent([duration('1h'), duration('2h')], [duration('1h'), duration('2h')])",

      'sets.intersects([1, 2], [2])',
      'sets.intersects([true, false], [false])',
      'sets.intersects([1.25, 1.5], [1.5])',
      "sets.intersects([{'a': 1}, {'b': 2}], [{'b': 2}])",
      'sets.intersects([[1, 2], [3, 4]], [[3, 4]])',
      "sets.intersects([timestamp('2000-01-01T00:00:00.000+01:00'), timestamp('2012-01-01T00:00:00.000+01:00')], [timestamp('2012-01-01T00:00:00.000+01:00')])",
      "sets.intersects([duration('1h'), duration('2h')], [duration('2h')])",
    ],
  },
  {
    name: 'listMaps',
    obj: {
      objs: [
        [
          { k: 'a', v: '1' },
          { k: 'b', v: '2' },
        ],
        [
          { k: 'b', v: '2' },
          { k: 'a', v: '1' },
        ],
        [
          { k: 'b', v: '3' },
          { k: 'a', v: '1' },
        ],
        [{ k: 'c', v: '4' }],
      ],
    },
    schema: objectTypePtr({
      objs: listType(
        listMapTypePtr(
          ['k'],
          objectTypePtr({
            k: stringType,
            v: stringType,
          }),
        ),
      ),
    }),
    valid: [
      'self.objs[0] == self.objs[1]', // equal even though order is different
      'self.objs[0] + self.objs[2] == self.objs[2]', // rhs overwrites lhs values
      'self.objs[2] + self.objs[0] == self.objs[0]',

      'self.objs[0] == [self.objs[0][0], self.objs[0][1]]', // equal against a declared list
      'self.objs[0] == [self.objs[0][1], self.objs[0][0]]',

      'self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]', // concat against a declared list
      'size(self.objs[0] + [self.objs[3][0]]) == 3',
    ],
    errors: {
      "self.objs[0] == {'k': 'a', 'v': '1'}": "no matching overload for '_==_'", // objects cannot be compared against a data literal map
    },
  },
  {
    name: 'maps',
    obj: objs({ k1: 'a', k2: 'b' }, { k2: 'b', k1: 'a' }),
    schema: schemas(mapType(stringType), mapType(stringType)),
    valid: [
      'self.val1 == self.val2', // equal even though order is different
      "'k1' in self.val1",
      "!('k3' in self.val1)",
      "self.val1 == {'k1': 'a', 'k2': 'b'}",
    ],
    errors: {
      // Mixed type maps are not allowed since we have HomogeneousAggregateLiterals enabled
      "{'k1': 'a', 'k2': 1, 'k2': false}": "expected type 'string' but found 'int'",
    },
  },
  {
    name: 'objects',
    obj: {
      objs: [
        { f1: 'a', f2: 'b' },
        { f1: 'a', f2: 'b' },
      ],
    },
    schema: objectTypePtr({
      objs: listType(
        objectTypePtr({
          f1: stringType,
          f2: stringType,
        }),
      ),
    }),
    valid: ['self.objs[0] == self.objs[1]'],
    errors: {
      "self.objs[0] == {'f1': 'a', 'f2': 'b'}": "found no matching overload for '_==_'", // objects cannot be compared against a data literal map
    },
  },
  {
    name: 'object access',
    obj: {
      a: {
        b: 1,
        d: null,
      },
      a1: {
        b1: {
          c1: 4,
        },
      },
      a3: {},
    },
    schema: objectTypePtr({
      a: objectType({
        b: integerType,
        c: integerType,
        d: withNullable(true, integerType),
      }),
      a1: objectType({
        b1: objectType({
          c1: integerType,
        }),
        d2: objectType({
          e2: integerType,
        }),
      }),
    }),
    // https://github.com/google/cel-spec/blob/master/doc/langdef.md#field-selection
    valid: [
      'has(self.a.b)',
      '!has(self.a.c)',
      '!has(self.a.d)', // We treat null value fields the same as absent fields in CEL
      'has(self.a1.b1.c1)',
      '!(has(self.a1.d2) && has(self.a1.d2.e2))', // must check intermediate optional fields (see below no such key error for d2)
      '!has(self.a1.d2)',
    ],
    errors: {
      'has(self.a.z)': "undefined field 'z'", // may not reference undefined fields, not even with has
      "self.a['b'] == 1": "no matching overload for '_[_]'", // only allowed on maps, not objects
      'has(self.a1.d2.e2)': 'no such key: d2', // has only checks last element in path, when d2 is absent in value, this is an error
    },
  },
  {
    name: 'map access',
    obj: {
      val: {
        b: 1,
        d: 2,
      },
    },
    schema: objectTypePtr({
      val: mapType(integerType),
    }),
    valid: [
      // idiomatic map access
      "!('a' in self.val)",
      "'b' in self.val",
      "!('c' in self.val)",
      "'d' in self.val",
      // field selection also possible if map key is a valid CEL identifier
      '!has(self.val.a)',
      'has(self.val.b)',
      '!has(self.val.c)',
      'has(self.val.d)',
      'self.val.all(k, self.val[k] > 0)',
      'self.val.exists(k, self.val[k] > 1)',
      'self.val.exists_one(k, self.val[k] == 2)',
      '!self.val.exists(k, self.val[k] > 2)',
      '!self.val.exists_one(k, self.val[k] > 0)',
      'size(self.val) == 2',
      'self.val.map(k, self.val[k]).exists(v, v == 1)',
      'size(self.val.filter(k, self.val[k] > 1)) == 1',

      // two variable comprehensions
      'self.val.all(k, v, v > 0)',
      'self.val.exists(k, v, v == 2)',
      'self.val.existsOne(k, v, v == 2)',
      'self.val.transformMap(k, v, v > 1, v + 1).size() == 1',
      'self.val.transformMap(k, v, v + 1).size() == 2',
      "self.val.transformMapEntry(k, v, v > 1, {k + '2': v + 1}).size() == 1",
      "self.val.transformMapEntry(k, v, {k + '2': v + 1}).size() == 2",
    ],
    errors: {
      "self.val['c'] == 1": 'no such key: c',
    },
  },
  {
    name: 'listMap access',
    obj: {
      listMap: [
        { k: 'a1', v: 'b1' },
        { k: 'a2', v: 'b2' },
        { k: 'a3', v: 'b3', v2: 'z' },
      ],
    },
    schema: objectTypePtr({
      listMap: listMapType(
        ['k'],
        objectTypePtr({
          k: stringType,
          v: stringType,
          v2: stringType,
        }),
      ),
    }),
    valid: [
      'has(self.listMap[0].v)',
      "self.listMap.all(m, m.k.startsWith('a'))",
      "self.listMap.all(m, !has(m.v2) || m.v2 == 'z')",
      "self.listMap.exists(m, m.k.endsWith('1'))",
      "self.listMap.exists_one(m, m.k == 'a3')",
      "!self.listMap.all(m, m.k.endsWith('1'))",
      "!self.listMap.exists(m, m.v == 'x')",
      "!self.listMap.exists_one(m, m.k.startsWith('a'))",
      "size(self.listMap.filter(m, m.k == 'a1')) == 1",
      "self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')",
      "self.listMap.map(m, m.v).exists(v, v == 'b1')",

      // test comprehensions where the field used in predicates is unset on all but one of the elements:
      // - with has checks:

      "self.listMap.exists(m, has(m.v2) && m.v2 == 'z')",
      "!self.listMap.all(m, has(m.v2) && m.v2 != 'z')",
      "self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')",
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1",
      // undocumented overload of map that takes a filter argument. This is the same as .filter().map()
      "self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1",
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1",
      // - without has checks:

      // all() and exists() macros ignore errors from predicates so long as the condition holds for at least one element
      "self.listMap.exists(m, m.v2 == 'z')",
      "!self.listMap.all(m, m.v2 != 'z')",

      // two variable comprehensions
      "!self.listMap.all(i, m, has(m.v2) && m.v2 != 'z')",
      "self.listMap.exists(i, m, has(m.v2) && m.v2 == 'z')",
      "self.listMap.existsOne(i, m, has(m.v2) && m.v2 == 'z')",
      "self.listMap.transformList(i, m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1",
      'self.listMap.transformList(i, m, m.v).size() == 3',
    ],
    errors: {
      // test comprehensions where the field used in predicates is unset on all but one of the elements: (error cases)
      // - without has checks:

      // if all() predicate evaluates to false or error for all elements, any error encountered is raised
      "self.listMap.all(m, m.v2 == 'z')": 'no such key: v2',
      // exists one() is stricter than map() or exists(), it requires exactly one predicate evaluate to true and the rest
      // evaluate to false, any error encountered is raised
      "self.listMap.exists_one(m, m.v2 == 'z')": 'no such key: v2',
      // filter and map raise any error encountered
      "self.listMap.filter(m, m.v2 == 'z').size() == 1": 'no such key: v2',
      'self.listMap.map(m, m.v2).size() == 1': 'no such key: v2',
      // undocumented overload of map that takes a filter argument. This is the same as .filter().map()
      "self.listMap.map(m, m.v2 == 'z', m.v2).size() == 1": 'no such key: v2',
    },
  },
  {
    name: 'list access',
    obj: {
      array: [1, 1, 2, 2, 3, 3, 4, 5],
    },
    schema: objectTypePtr({
      array: listType(integerType),
    }),
    valid: [
      '2 in self.array',
      'self.array.all(e, e > 0)',
      'self.array.exists(e, e > 2)',
      'self.array.exists_one(e, e > 4)',
      '!self.array.all(e, e < 2)',
      '!self.array.exists(e, e < 0)',
      '!self.array.exists_one(e, e == 2)',
      'self.array.all(e, e < 100)',
      'size(self.array.filter(e, e%2 == 0)) == 3',
      'self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)',
      'size(self.array) == 8',

      // two variable comprehensions
      'self.array.all(i, e, e > 0)',
      'self.array.exists(i, e, e > 2)',
      'self.array.existsOne(i, e, e > 4)',
      'self.array.transformList(i, e, e > 2, e * 2).size() > 0',
      'self.array.transformList(i, e, e * 2).size() > 0',
    ],
    errors: {
      'self.array[100] == 0': 'index out of bounds: 100',
    },
  },
  {
    name: 'listSet access',
    obj: {
      set: [1, 2, 3, 4, 5],
    },
    schema: objectTypePtr({
      set: listType(integerType),
    }),
    valid: [
      '3 in self.set',
      'self.set.all(e, e > 0)',
      'self.set.exists(e, e > 3)',
      'self.set.exists_one(e, e == 3)',
      '!self.set.all(e, e < 3)',
      '!self.set.exists(e, e < 0)',
      '!self.set.exists_one(e, e > 3)',
      'self.set.all(e, e < 10)',
      'size(self.set.filter(e, e%2 == 0)) == 2',
      'self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)',
      'size(self.set) == 5',
    ],
  },
  {
    name: 'typemeta and objectmeta access specified',
    obj: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'foo',
        generateName: 'pickItForMe',
        namespace: 'xyz',
      },
    },
    schema: objectTypePtr({
      kind: stringType,
      apiVersion: stringType,
      metadata: objectType({
        name: stringType,
        generateName: stringType,
      }),
    }),
    valid: [
      "self.kind == 'Pod'",
      "self.apiVersion == 'v1'",
      "self.metadata.name == 'foo'",
      "self.metadata.generateName == 'pickItForMe'",
    ],
    errors: {
      'has(self.metadata.namespace)': "undefined field 'namespace'",
    },
  },
  {
    name: 'typemeta and objectmeta access not specified',
    isRoot: true,
    // A custom resource cannot be `v1` (the core group): its apiVersion is the CRD's group here, in the object
    // and in the rule that reads it.
    obj: {
      apiVersion: 'example.org/v1',
      kind: 'Pod',
      metadata: {
        name: 'foo',
        generateName: 'pickItForMe',
        namespace: 'xyz',
      },
      spec: {
        field1: 'a',
      },
    },
    schema: objectTypePtr({
      spec: objectType({
        field1: stringType,
      }),
    }),
    valid: [
      "self.kind == 'Pod'",
      "self.apiVersion == 'example.org/v1'",
      "self.metadata.name == 'foo'",
      "self.metadata.generateName == 'pickItForMe'",
      "self.spec.field1 == 'a'",
    ],
    errors: {
      'has(self.metadata.namespace)': "undefined field 'namespace'",
    },
  },

  // Kubernetes special types
  {
    name: 'embedded object',
    obj: {
      embedded: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'foo',
          generateName: 'pickItForMe',
          namespace: 'xyz',
        },
        spec: {
          field1: 'a',
        },
      },
    },
    schema: objectTypePtr({
      embedded: {
        Generic: { Type: 'object' },
        Extensions: {
          XEmbeddedResource: true,
        },
      },
    }),
    valid: [
      // 'kind', 'apiVersion', 'metadata.name' and 'metadata.generateName' are always accessible
      // even if not specified in the schema.
      "self.embedded.kind == 'Pod'",
      "self.embedded.apiVersion == 'v1'",
      "self.embedded.metadata.name == 'foo'",
      "self.embedded.metadata.generateName == 'pickItForMe'",
    ],
    // only field declared in the schema can be field selected in CEL expressions
    errors: {
      'has(self.embedded.metadata.namespace)': "undefined field 'namespace'",
      'has(self.embedded.spec)': "undefined field 'spec'",
    },
  },
  {
    name: 'embedded object with properties',
    obj: {
      embedded: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'foo',
          generateName: 'pickItForMe',
          namespace: 'xyz',
        },
        spec: {
          field1: 'a',
        },
      },
    },
    schema: objectTypePtr({
      embedded: {
        Generic: { Type: 'object' },
        Extensions: {
          XEmbeddedResource: true,
        },
        Properties: {
          kind: stringType,
          apiVersion: stringType,
          metadata: objectType({
            name: stringType,
            generateName: stringType,
          }),
          spec: objectType({
            field1: stringType,
          }),
        },
      },
    }),
    valid: [
      // in this case 'kind', 'apiVersion', 'metadata.name' and 'metadata.generateName' are specified in the
      // schema, but they would be accessible even if they were not
      "self.embedded.kind == 'Pod'",
      "self.embedded.apiVersion == 'v1'",
      "self.embedded.metadata.name == 'foo'",
      "self.embedded.metadata.generateName == 'pickItForMe'",
      // the specified embedded fields are accessible
      "self.embedded.spec.field1 == 'a'",
    ],
    errors: {
      // only name and generateName are accessible on metadata
      'has(self.embedded.metadata.namespace)': "undefined field 'namespace'",
    },
  },
  {
    name: 'embedded object with usage of reserved keywords',
    obj: {
      embedded: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'foo',
          generateName: 'pickItForMe',
          namespace: 'reserved_keyword_namespace',
        },
        spec: {
          if: 'reserved_keyword_if',
        },
      },
    },
    schema: objectTypePtr({
      embedded: {
        Generic: { Type: 'object' },
        Extensions: {
          XEmbeddedResource: true,
        },
        Properties: {
          kind: stringType,
          apiVersion: stringType,
          metadata: objectType({
            name: stringType,
            generateName: stringType,
            namespace: stringType,
          }),
          spec: objectType({
            if: stringType,
          }),
        },
      },
    }),
    valid: [
      'has(self.embedded.metadata.namespace)',
      "self.embedded.metadata.namespace == 'reserved_keyword_namespace'",
      'has(self.embedded.spec.if)',
      "self.embedded.spec.if == 'reserved_keyword_if'",
    ],
  },
  {
    name: 'embedded object with preserve unknown',
    obj: {
      embedded: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'foo',
          generateName: 'pickItForMe',
          namespace: 'xyz',
        },
        spec: {
          field1: 'a',
        },
      },
    },
    schema: objectTypePtr({
      embedded: {
        Generic: { Type: 'object' },
        Extensions: {
          XPreserveUnknownFields: true,
          XEmbeddedResource: true,
        },
      },
    }),
    valid: [
      // 'kind', 'apiVersion', 'metadata.name' and 'metadata.generateName' are always accessible
      // even if not specified in the schema, regardless of if x-kubernetes-preserve-unknown-fields is set.
      "self.embedded.kind == 'Pod'",
      "self.embedded.apiVersion == 'v1'",
      "self.embedded.metadata.name == 'foo'",
      "self.embedded.metadata.generateName == 'pickItForMe'",

      // the object exists
      'has(self.embedded)',
    ],
    // only field declared in the schema can be field selected in CEL expressions, regardless of if
    // x-kubernetes-preserve-unknown-fields is set.
    errors: {
      'has(self.embedded.spec)': "undefined field 'spec'",
    },
  },
  {
    name: 'string in intOrString',
    obj: {
      something: '25%',
    },
    schema: objectTypePtr({
      something: intOrStringType(),
    }),
    valid: [
      // In Kubernetes 1.24 and later, the CEL type returns false for an int-or-string comparison against the
      // other type, making it safe to write validation rules like:
      "self.something == '25%'",
      'self.something != 1',
      "self.something == 1 || self.something == '25%'",
      "self.something == '25%' || self.something == 1",

      // In Kubernetes 1.23 and earlier, all int-or-string access must be guarded by a type check to prevent
      // a runtime error attempting an equality check between string and int types.
      "type(self.something) == string && self.something == '25%'",
      "type(self.something) == int ? self.something == 1 : self.something == '25%'",

      // Because the type is dynamic it receives no type checking, and evaluates to false when compared to
      // other types at runtime.
      "self.something != ['anything']",
    ],
  },
  {
    name: 'int in intOrString',
    obj: {
      something: int64(1),
    },
    schema: objectTypePtr({
      something: intOrStringType(),
    }),
    valid: [
      // In Kubernetes 1.24 and later, the CEL type returns false for an int-or-string comparison against the
      // other type, making it safe to write validation rules like:
      'self.something == 1',
      "self.something != 'some string'",
      "self.something == 1 || self.something == '25%'",
      "self.something == '25%' || self.something == 1",

      // In Kubernetes 1.23 and earlier, all int-or-string access must be guarded by a type check to prevent
      // a runtime error attempting an equality check between string and int types.
      'type(self.something) == int && self.something == 1',
      "type(self.something) == int ? self.something == 1 : self.something == '25%'",

      // Because the type is dynamic it receives no type checking, and evaluates to false when compared to
      // other types at runtime.
      "self.something != ['anything']",
    ],
  },
  {
    name: 'null in intOrString',
    obj: {
      something: null,
    },
    schema: objectTypePtr({
      something: withNullable(true, intOrStringType()),
    }),
    valid: ['!has(self.something)'],
    errors: {
      'type(self.something) == int': 'no such key',
    },
  },
  {
    name: 'percent comparison using intOrString',
    obj: {
      min: '50%',
      current: 5,
      available: 10,
    },
    schema: objectTypePtr({
      min: intOrStringType(),
      current: integerType,
      available: integerType,
    }),
    valid: [
      // validate that if 'min' is a string that it is a percentage
      "type(self.min) == string && self.min.matches(r'(\\d+(\\.\\d+)?%)')",
      // validate that 'min' can be either a exact value minimum, or a minimum as a percentage of 'available'
      "type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0",
    ],
  },
  {
    name: 'preserve unknown fields',
    obj: {
      withUnknown: {
        field1: 'a',
        field2: 'b',
      },
      withUnknownList: [
        {
          field1: 'a',
          field2: 'b',
        },
        {
          field1: 'x',
          field2: 'y',
        },
        {
          field1: 'x',
          field2: 'y',
        },
        {},
        {},
      ],
      withUnknownFieldList: [
        {
          fieldOfUnknownType: 'a',
        },
        {
          fieldOfUnknownType: 1,
        },
        {
          fieldOfUnknownType: 1,
        },
      ],
      anyvalList: ['a', 2],
      anyvalMap: { k: '1' },
      anyvalField1: 1,
      anyvalField2: 'a',
    },
    schema: objectTypePtr({
      withUnknown: {
        Generic: { Type: 'object' },
        Extensions: {
          XPreserveUnknownFields: true,
        },
      },
      withUnknownList: listType({
        Generic: { Type: 'object' },
        Extensions: {
          XPreserveUnknownFields: true,
        },
      }),
      withUnknownFieldList: listType({
        Generic: { Type: 'object' },
        Properties: {
          fieldOfUnknownType: {
            Extensions: {
              XPreserveUnknownFields: true,
            },
          },
        },
      }),
      anyvalList: listType({
        Extensions: {
          XPreserveUnknownFields: true,
        },
      }),
      anyvalMap: mapType({
        Extensions: {
          XPreserveUnknownFields: true,
        },
      }),
      anyvalField1: {
        Extensions: {
          XPreserveUnknownFields: true,
        },
      },
      anyvalField2: {
        Extensions: {
          XPreserveUnknownFields: true,
        },
      },
    }),
    valid: [
      'has(self.withUnknown)',
      'self.withUnknownList.size() == 5',
      // fields that are unknown because they were not specified on the object schema are included in equality checks
      'self.withUnknownList[0] != self.withUnknownList[1]',
      'self.withUnknownList[1] == self.withUnknownList[2]',
      'self.withUnknownList[3] == self.withUnknownList[4]',

      // fields specified on the object schema that are unknown because the field's schema is unknown are also included equality checks
      'self.withUnknownFieldList[0] != self.withUnknownFieldList[1]',
      'self.withUnknownFieldList[1] == self.withUnknownFieldList[2]',
    ],
    errors: {
      // unknown fields cannot be field selected
      'has(self.withUnknown.field1)': "undefined field 'field1'",
      // if items type of a list, or additionalProperties type of a map, is unknown we treat entire list or map as unknown
      // If the type of a property is unknown it is not accessible in CEL
      'has(self.anyvalList)': "undefined field 'anyvalList'",
      'has(self.anyvalMap)': "undefined field 'anyvalMap'",
      'has(self.anyvalField1)': "undefined field 'anyvalField1'",
      'has(self.anyvalField2)': "undefined field 'anyvalField2'",
    },
  },
  {
    name: 'known and unknown fields',
    obj: {
      withUnknown: {
        known: 1,
        unknown: 'a',
      },
      withUnknownList: [
        {
          known: 1,
          unknown: 'a',
        },
        {
          known: 1,
          unknown: 'b',
        },
        {
          known: 1,
          unknown: 'b',
        },
        {
          known: 1,
        },
        {
          known: 1,
        },
        {
          known: 2,
        },
      ],
    },
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        withUnknown: {
          Generic: { Type: 'object' },
          Extensions: {
            XPreserveUnknownFields: true,
          },
          Properties: {
            known: integerType,
          },
        },
        withUnknownList: listType({
          Generic: { Type: 'object' },
          Extensions: {
            XPreserveUnknownFields: true,
          },
          Properties: {
            known: integerType,
          },
        }),
      },
    },
    valid: [
      'self.withUnknown.known == 1',
      'self.withUnknownList[0] != self.withUnknownList[1]',
      // if the unknown fields are the same, they are equal
      'self.withUnknownList[1] == self.withUnknownList[2]',

      // if unknown fields are different, they are not equal
      'self.withUnknownList[0] != self.withUnknownList[1]',
      'self.withUnknownList[0] != self.withUnknownList[3]',
      'self.withUnknownList[0] != self.withUnknownList[5]',

      // if all fields are known, equality works as usual
      'self.withUnknownList[3] == self.withUnknownList[4]',
      'self.withUnknownList[4] != self.withUnknownList[5]',
    ],
    // only field declared in the schema can be field selected in CEL expressions
    errors: {
      'has(self.withUnknown.unknown)': "undefined field 'unknown'",
    },
  },
  {
    name: 'field nullability',
    obj: {
      setPlainStr: 'v1',
      setDefaultedStr: 'v2',
      setNullableStr: 'v3',
      setToNullNullableStr: null,

      // we don't run the defaulter in this test suite (depending on it would introduce a cycle)
      // so we fake it :(
      unsetDefaultedStr: 'default value',
    },
    schema: objectTypePtr({
      unsetPlainStr: stringType,
      unsetDefaultedStr: withDefault('default value', stringType),
      unsetNullableStr: withNullable(true, stringType),

      setPlainStr: stringType,
      setDefaultedStr: withDefault('default value', stringType),
      setNullableStr: withNullable(true, stringType),
      setToNullNullableStr: withNullable(true, stringType),
    }),
    valid: [
      '!has(self.unsetPlainStr)',
      "has(self.unsetDefaultedStr) && self.unsetDefaultedStr == 'default value'",
      '!has(self.unsetNullableStr)',

      "has(self.setPlainStr) && self.setPlainStr == 'v1'",
      "has(self.setDefaultedStr) && self.setDefaultedStr == 'v2'",
      "has(self.setNullableStr) && self.setNullableStr == 'v3'",
      // We treat null fields as absent fields, not as null valued fields.
      // Note that this is different than how we treat nullable list items or map values.
      'type(self.setNullableStr) != null_type',

      // a field that is set to null is treated the same as an absent field in validation rules
      '!has(self.setToNullNullableStr)',
    ],
    errors: {
      // the types used in validation rules don't integrate with CEL's Null type, so
      // all attempts to compare values with null are caught by the type checker at compilation time
      'self.unsetPlainStr == null': "no matching overload for '_==_' applied to '(string, null)",
      'self.unsetDefaultedStr != null': "no matching overload for '_!=_' applied to '(string, null)",
      'self.unsetNullableStr == null': "no matching overload for '_==_' applied to '(string, null)",
      'self.setPlainStr != null': "no matching overload for '_!=_' applied to '(string, null)",
      'self.setDefaultedStr != null': "no matching overload for '_!=_' applied to '(string, null)",
      'self.setNullableStr != null': "no matching overload for '_!=_' applied to '(string, null)",
    },
  },
  {
    name: 'null values in container types',
    obj: {
      m: {
        a: null,
        b: 'not-nil',
      },
      l: [null, 'not-nil'],
      s: [null, 'not-nil'],
    },
    schema: objectTypePtr({
      m: mapType(withNullablePtr(true, stringType)),
      l: listType(withNullablePtr(true, stringType)),
      s: listSetType(withNullablePtr(true, stringType)),
    }),
    valid: [
      'self.m.size() == 2',
      "'a' in self.m",
      "type(self.m['a']) == null_type", // null check using runtime type checking
      //"self.m['a'] == null",

      'self.l.size() == 2',
      'type(self.l[0]) == null_type',
      //"self.l[0] == null",

      'self.s.size() == 2',
      'type(self.s[0]) == null_type',
      //"self.s[0] == null",
    ],
    errors: {
      // TODO(jpbetz): Type checker does not support unions of (<type>, Null).
      // This will be available when "heterogeneous type" supported is added to cel-go.
      // In the meantime, the only other option would be to use dynamic types for nullable types, which
      // would disable type checking. We plan to wait for "heterogeneous type" support.
      //"self.m['a'] == null": "found no matching overload for '_==_' applied to '(string, null)",
      //"self.l[0] == null": "found no matching overload for '_==_' applied to '(string, null)",
      //"self.s[0] == null": "found no matching overload for '_==_' applied to '(string, null)",
    },
  },
  {
    name: 'escaping',
    obj: {
      // RESERVED symbols defined in the CEL lexer
      true: 1,
      false: 2,
      null: 3,
      in: 4,
      as: 5,
      break: 6,
      const: 7,
      continue: 8,
      else: 9,
      for: 10,
      function: 11,
      if: 12,
      import: 13,
      let: 14,
      loop: 15,
      package: 16,
      namespace: 17,
      return: 18,
      var: 19,
      void: 20,
      while: 21,
      // identifiers that are part of the CEL language
      int: 101,
      uint: 102,
      double: 103,
      bool: 104,
      string: 105,
      bytes: 106,
      list: 107,
      map: 108,
      null_type: 109,
      type: 110,
      // validation expression reserved identifiers
      self: 201,
      // identifiers of CEL builtin function and macro names
      getDate: 202,
      all: 203,
      size: '204',
      // identifiers that have _s
      _true: 301,
      // identifiers that have the characters we escape
      'dot.dot': 401,
      'dash-dash': 402,
      'slash/slash': 403,
      underscore_underscore: 404, // ok, this is not so weird, but it's one we'd like a test case for
      doubleunderscore__doubleunderscore: 405,
    },
    schema: objectTypePtr({
      true: integerType,
      false: integerType,
      null: integerType,
      in: integerType,
      as: integerType,
      break: integerType,
      const: integerType,
      continue: integerType,
      else: integerType,
      for: integerType,
      function: integerType,
      if: integerType,
      import: integerType,
      let: integerType,
      loop: integerType,
      package: integerType,
      namespace: integerType,
      return: integerType,
      var: integerType,
      void: integerType,
      while: integerType,

      int: integerType,
      uint: integerType,
      double: integerType,
      bool: integerType,
      string: integerType,
      bytes: integerType,
      list: integerType,
      map: integerType,
      null_type: integerType,
      type: integerType,

      self: integerType,

      getDate: integerType,
      all: integerType,
      size: stringType,

      _true: integerType,

      'dot.dot': integerType,
      'dash-dash': integerType,
      'slash/slash': integerType,
      underscore_underscore: integerType, // ok, this is not so weird, but it's one we'd like a test case for
      doubleunderscore__doubleunderscore: integerType,
    }),
    valid: [
      // CEL lexer RESERVED keywords must be escaped
      'self.__true__ == 1',
      'self.__false__ == 2',
      'self.__null__ == 3',
      'self.__in__ == 4',
      'self.__as__ == 5',
      'self.__break__ == 6',
      'self.__const__ == 7',
      'self.__continue__ == 8',
      'self.__else__ == 9',
      'self.__for__ == 10',
      'self.__function__ == 11',
      'self.__if__ == 12',
      'self.__import__ == 13',
      'self.__let__ == 14',
      'self.__loop__ == 15',
      'self.__package__ == 16',
      'self.__namespace__ == 17',
      'self.__return__ == 18',
      'self.__var__ == 19',
      'self.__void__ == 20',
      'self.__while__ == 21',
      'self.__true__ == 1',

      // CEL language identifiers do not need to be escaped, but would collide with builtin language identifier if bound as
      // root variable names, so are only field selectable as a field of 'self'.
      'self.int == 101',
      'self.uint == 102',
      'self.double == 103',
      'self.bool == 104',
      'self.string == 105',
      'self.bytes == 106',
      'self.list == 107',
      'self.map == 108',
      'self.null_type == 109',
      'self.type == 110',

      // if a property name is 'self', it can be field selected as 'self.self' (but not as just 'self' because we bind that
      // variable name to the locally scoped expression value.
      'self.self == 201',
      // CEL macro and function names do not need to be escaped because the parser can disambiguate them from the function and
      // macro identifiers.
      'self.getDate == 202',
      'self.all == 203',
      "self.size == '204'",
      // _ is not escaped
      'self._true == 301',
      'self.__true__ != 301',

      'self.dot__dot__dot == 401',
      'self.dash__dash__dash == 402',
      'self.slash__slash__slash == 403',
      'self.underscore_underscore == 404',
      'self.doubleunderscore__underscores__doubleunderscore == 405',
    ],
    errors: {
      // 'true' is a boolean literal, not a field name
      'self.true == 1': "mismatched input 'true' expecting IDENTIFIER",
      // 'self' is the locally scoped expression value
      'self == 201': "found no matching overload for '_==_'",
      // attempts to use identifiers that are not escapable are caught by the compiler since
      // we don't register declarations for them
      'self.__illegal__ == 301': "undefined field '__illegal__'",
    },
  },
  {
    name: 'map keys are not escaped',
    obj: {
      m: {
        '@': 1,
        '9': 2,
        int: 3,
        './-': 4,
        '👑': 5,
      },
    },
    schema: objectTypePtr({ m: mapType(integerType) }),
    valid: ["self.m['@'] == 1", "self.m['9'] == 2", "self.m['int'] == 3", "self.m['./-'] == 4", "self.m['👑'] == 5"],
  },
  {
    name: 'object types are not accessible',
    obj: {
      nestedInMap: {
        k1: {
          inMapField: 1,
        },
        k2: {
          inMapField: 2,
        },
      },
      nestedInList: [
        {
          inListField: 1,
        },
        {
          inListField: 2,
        },
      ],
    },
    schema: objectTypePtr({
      nestedInMap: mapType(
        objectTypePtr({
          inMapField: integerType,
        }),
      ),
      nestedInList: listType(
        objectTypePtr({
          inListField: integerType,
        }),
      ),
    }),
    valid: [
      // we do not expose a stable type for the self variable, even when it is an object that CEL
      // considers a named type. The only operation developers should be able to perform on the type is
      // equality checking.
      'type(self) == type(self)',
      "type(self.nestedInMap['k1']) == type(self.nestedInMap['k2'])",
      'type(self.nestedInList[0]) == type(self.nestedInList[1])',
    ],
    errors: {
      // Note that errors, like the below, do print the type name, but it changes each time a CRD is updated.
      // Type name printed in the below error will be of the form "<uuid>.nestedInList.@idx".

      // Developers may not cast the type of variables as a string:
      "string(type(self.nestedInList[0])).endsWith('.nestedInList.@idx')":
        "found no matching overload for 'string' applied to '(type",
    },
  },
  {
    name: 'listMaps with unsupported identity characters in property names',
    obj: {
      objs: [
        [
          { 'k!': 'a', 'k.': '1' },
          { 'k!': 'b', 'k.': '2' },
        ],
        [
          { 'k!': 'b', 'k.': '2' },
          { 'k!': 'a', 'k.': '1' },
        ],
        [
          { 'k!': 'b', 'k.': '2' },
          { 'k!': 'c', 'k.': '1' },
        ],
        [
          { 'k!': 'b', 'k.': '2' },
          { 'k!': 'a', 'k.': '3' },
        ],
      ],
    },
    schema: objectTypePtr({
      objs: listType(
        listMapTypePtr(
          ['k!', 'k.'],
          objectTypePtr({
            'k!': stringType,
            'k.': stringType,
          }),
        ),
      ),
    }),
    valid: [
      'self.objs[0] == self.objs[1]', // equal even though order is different
      "self.objs[0][0].k__dot__ == '1'", // '.' is a supported character in identifiers, but it is escaped
      'self.objs[0] != self.objs[2]', // not equal even though difference is in unsupported char
      'self.objs[0] != self.objs[3]', // not equal even though difference is in escaped char
    ],
    errors: {
      // '!' is not a supported character in identifiers, there is no way to access the field
      "self.objs[0][0].k! == '1'": "Syntax error: mismatched input '!' expecting",
    },
  },
  {
    name: 'container type composition',
    obj: {
      obj: {
        field: 'a',
      },
      mapOfMap: {
        x: {
          y: 'b',
        },
      },
      mapOfObj: {
        k: {
          field2: 'c',
        },
      },
      mapOfListMap: {
        o: [
          {
            k: '1',
            v: 'd',
          },
        ],
      },
      mapOfList: {
        l: ['e'],
      },
      listMapOfObj: [
        {
          k2: '2',
          v2: 'f',
        },
      ],
      listOfMap: [
        {
          z: 'g',
        },
      ],
      listOfObj: [
        {
          field3: 'h',
        },
      ],
      listOfListMap: [
        [
          {
            k3: '3',
            v3: 'i',
          },
        ],
      ],
    },
    schema: objectTypePtr({
      obj: objectType({
        field: stringType,
      }),
      mapOfMap: mapType(mapTypePtr(stringType)),
      mapOfObj: mapType(
        objectTypePtr({
          field2: stringType,
        }),
      ),
      mapOfListMap: mapType(
        listMapTypePtr(
          ['k'],
          objectTypePtr({
            k: stringType,
            v: stringType,
          }),
        ),
      ),
      mapOfList: mapType(listTypePtr(stringType)),
      listMapOfObj: listMapType(
        ['k2'],
        objectTypePtr({
          k2: stringType,
          v2: stringType,
        }),
      ),
      listOfMap: listType(mapTypePtr(stringType)),
      listOfObj: listType(
        objectTypePtr({
          field3: stringType,
        }),
      ),
      listOfListMap: listType(
        listMapTypePtr(
          ['k3'],
          objectTypePtr({
            k3: stringType,
            v3: stringType,
          }),
        ),
      ),
    }),
    valid: [
      "self.obj.field == 'a'",
      "self.mapOfMap['x']['y'] == 'b'",
      "self.mapOfObj['k'].field2 == 'c'",
      "self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')",
      "self.mapOfList['l'][0] == 'e'",
      "self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')",
      "self.listOfMap[0]['z'] == 'g'",
      "self.listOfObj[0].field3 == 'h'",
      "self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')",
    ],
    errors: {},
  },
  {
    name: 'invalid data',
    obj: {
      o: [],
      m: [],
      l: {},
      s: {},
      lm: {},
      intorstring: true,
      nullable: [null],
    },
    schema: objectTypePtr({
      o: objectType({
        field: stringType,
      }),
      m: mapType(stringType),
      l: listType(stringType),
      s: listSetType(stringType),
      lm: listMapType(
        ['k'],
        objectTypePtr({
          k: stringType,
          v: stringType,
        }),
      ),
      intorstring: intOrStringType(),
      nullable: listType(stringType),
    }),
    errors: {
      // data is validated before CEL evaluation, so these errors should not be surfaced to end users
      'has(self.o)': 'invalid data, expected a map for the provided schema with type=object',
      'has(self.m)': 'invalid data, expected a map for the provided schema with type=object',
      'has(self.l)': 'invalid data, expected an array for the provided schema with type=array',
      'has(self.s)': 'invalid data, expected an array for the provided schema with type=array',
      'has(self.lm)': 'invalid data, expected an array for the provided schema with type=array',
      'has(self.intorstring)': 'invalid data, expected XIntOrString value to be either a string or integer',
      "self.nullable[0] == 'x'": 'invalid data, got null for schema with nullable=false',
      // TODO: also find a way to test the errors returned for: array with no items, object with no properties or additionalProperties, invalid listType and invalid type.
    },
  },
  {
    name: 'stdlib list functions',
    obj: {
      ints: [int64(1), int64(2), int64(2), int64(3)],
      unsortedInts: [int64(2), int64(1)],
      emptyInts: [],

      doubles: [float64(1), float64(2), float64(2), float64(3)],
      unsortedDoubles: [float64(2), float64(1)],
      emptyDoubles: [],

      intBackedDoubles: [int64(1), int64(2), int64(2), int64(3)],
      unsortedIntBackedDDoubles: [int64(2), int64(1)],
      emptyIntBackedDDoubles: [],

      durations: ['1s', '1m', '1m', '1h'],
      unsortedDurations: ['1m', '1s'],
      emptyDurations: [],

      strings: ['a', 'b', 'b', 'c'],
      unsortedStrings: ['b', 'a'],
      emptyStrings: [],

      dates: ['2000-01-01', '2000-02-01', '2000-02-01', '2010-01-01'],
      unsortedDates: ['2000-02-01', '2000-01-01'],
      emptyDates: [],

      objs: [
        { f1: 'a', f2: 'a' },
        { f1: 'a', f2: 'b' },
        { f1: 'a', f2: 'b' },
        { f1: 'a', f2: 'c' },
      ],
    },
    schema: objectTypePtr({
      ints: listType(integerType),
      unsortedInts: listType(integerType),
      emptyInts: listType(integerType),

      doubles: listType(doubleType),
      unsortedDoubles: listType(doubleType),
      emptyDoubles: listType(doubleType),

      intBackedDoubles: listType(doubleType),
      unsortedIntBackedDDoubles: listType(doubleType),
      emptyIntBackedDDoubles: listType(doubleType),

      durations: listType(durationFormat),
      unsortedDurations: listType(durationFormat),
      emptyDurations: listType(durationFormat),

      strings: listType(stringType),
      unsortedStrings: listType(stringType),
      emptyStrings: listType(stringType),

      dates: listType(dateFormat),
      unsortedDates: listType(dateFormat),
      emptyDates: listType(dateFormat),

      objs: listType(
        objectTypePtr({
          f1: stringType,
          f2: stringType,
        }),
      ),
    }),
    valid: [
      'self.ints.sum() == 8',
      'self.ints.min() == 1',
      'self.ints.max() == 3',
      'self.emptyInts.sum() == 0',
      'self.ints.isSorted()',
      'self.emptyInts.isSorted()',
      'self.unsortedInts.isSorted() == false',
      'self.ints.indexOf(2) == 1',
      'self.ints.lastIndexOf(2) == 2',
      'self.ints.indexOf(10) == -1',
      'self.ints.lastIndexOf(10) == -1',

      'self.doubles.sum() == 8.0',
      'self.doubles.min() == 1.0',
      'self.doubles.max() == 3.0',
      'self.emptyDoubles.sum() == 0.0',
      'self.doubles.isSorted()',
      'self.emptyDoubles.isSorted()',
      'self.unsortedDoubles.isSorted() == false',
      'self.doubles.indexOf(2.0) == 1',
      'self.doubles.lastIndexOf(2.0) == 2',
      'self.doubles.indexOf(10.0) == -1',
      'self.doubles.lastIndexOf(10.0) == -1',

      'self.intBackedDoubles.sum() == 8.0',
      'self.intBackedDoubles.min() == 1.0',
      'self.intBackedDoubles.max() == 3.0',
      'self.emptyIntBackedDDoubles.sum() == 0.0',
      'self.intBackedDoubles.isSorted()',
      'self.emptyDoubles.isSorted()',
      'self.unsortedIntBackedDDoubles.isSorted() == false',
      'self.intBackedDoubles.indexOf(2.0) == 1',
      'self.intBackedDoubles.lastIndexOf(2.0) == 2',
      'self.intBackedDoubles.indexOf(10.0) == -1',
      'self.intBackedDoubles.lastIndexOf(10.0) == -1',

      "self.durations.sum() == duration('1h2m1s')",
      "self.durations.min() == duration('1s')",
      "self.durations.max() == duration('1h')",
      "self.emptyDurations.sum() == duration('0')",
      'self.durations.isSorted()',
      'self.emptyDurations.isSorted()',
      'self.unsortedDurations.isSorted() == false',
      "self.durations.indexOf(duration('1m')) == 1",
      "self.durations.lastIndexOf(duration('1m')) == 2",
      "self.durations.indexOf(duration('2m')) == -1",
      "self.durations.lastIndexOf(duration('2m')) == -1",

      "self.strings.min() == 'a'",
      "self.strings.max() == 'c'",
      'self.strings.isSorted()',
      'self.emptyStrings.isSorted()',
      'self.unsortedStrings.isSorted() == false',
      "self.strings.indexOf('b') == 1",
      "self.strings.lastIndexOf('b') == 2",
      "self.strings.indexOf('x') == -1",
      "self.strings.lastIndexOf('x') == -1",

      "self.dates.min() == timestamp('2000-01-01T00:00:00.000Z')",
      "self.dates.max() == timestamp('2010-01-01T00:00:00.000Z')",
      'self.dates.isSorted()',
      'self.emptyDates.isSorted()',
      'self.unsortedDates.isSorted() == false',
      "self.dates.indexOf(timestamp('2000-02-01T00:00:00.000Z')) == 1",
      "self.dates.lastIndexOf(timestamp('2000-02-01T00:00:00.000Z')) == 2",
      "self.dates.indexOf(timestamp('2005-02-01T00:00:00.000Z')) == -1",
      "self.dates.lastIndexOf(timestamp('2005-02-01T00:00:00.000Z')) == -1",

      // array, map and object types use structural equality (aka "deep equals")
      '[[1], [2]].indexOf([1]) == 0',
      "[{'a': 1}, {'b': 2}].lastIndexOf({'b': 2}) == 1",
      'self.objs.indexOf(self.objs[1]) == 1',
      'self.objs.lastIndexOf(self.objs[1]) == 2',

      // avoiding empty list error with min and max by appending an acceptable default minimum value
      '([0] + self.emptyInts).min() == 0',

      // handle CEL's dynamic dispatch appropriately (special cases to handle an empty list)
      'dyn([]).sum() == 0',
      'dyn([1, 2]).sum() == 3',
      'dyn([1.0, 2.0]).sum() == 3.0',

      '[].sum() == 0', // An empty list returns an 0 int
    ],
    errors: {
      // return an error for min/max on empty list
      'self.emptyInts.min() == 1': 'min called on empty list',
      'self.emptyInts.max() == 3': 'max called on empty list',
      'self.emptyDoubles.min() == 1.0': 'min called on empty list',
      'self.emptyDoubles.max() == 3.0': 'max called on empty list',
      "self.emptyStrings.min() == 'a'": 'min called on empty list',
      "self.emptyStrings.max() == 'c'": 'max called on empty list',

      // only allow sum on numeric types and duration
      "['a', 'b'].sum() == 'c'": "found no matching overload for 'sum' applied to 'list(string).()", // compiler type checking error

      // only allow min/max/indexOf/lastIndexOf on comparable types
      '[[1], [2]].min() == [1]': "found no matching overload for 'min' applied to 'list(list(int)).()", // compiler type checking error
      "[{'a': 1}, {'b': 2}].max() == {'b': 2}":
        "found no matching overload for 'max' applied to 'list(map(string, int)).()", // compiler type checking error
    },
  },
  {
    name: 'stdlib regex functions',
    obj: {
      str: 'this is a 123 string 456',
    },
    schema: objectTypePtr({
      str: stringType,
    }),
    valid: [
      "self.str.find('[0-9]+') == '123'",
      "self.str.find('[0-9]+') != '456'",
      "self.str.find('xyz') == ''",

      "self.str.findAll('[0-9]+') == ['123', '456']",
      "self.str.findAll('[0-9]+', 0) == []",
      "self.str.findAll('[0-9]+', 1) == ['123']",
      "self.str.findAll('[0-9]+', 2) == ['123', '456']",
      "self.str.findAll('[0-9]+', 3) == ['123', '456']",
      "self.str.findAll('[0-9]+', -1) == ['123', '456']",
      "self.str.findAll('xyz') == []",
      "self.str.findAll('xyz', 1) == []",
    ],
    errors: {
      // Invalid regex with a string constant regex pattern is compile time error
      "self.str.find(')') == ''":
        'compile error: program instantiation failed: error parsing regexp: unexpected ): `)`',
      "self.str.findAll(')') == []":
        'compile error: program instantiation failed: error parsing regexp: unexpected ): `)`',
      "self.str.findAll(')', 1) == []":
        'compile error: program instantiation failed: error parsing regexp: unexpected ): `)`',
      "self.str.matches('x++')": 'invalid matches argument',
    },
  },
  {
    name: 'URL parsing',
    obj: {
      url: 'https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor',
    },
    schema: objectTypePtr({
      url: stringType,
    }),
    valid: [
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

      // test with string input
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
    ],
  },
  {
    name: 'transition rules',
    obj: {
      v: 'new',
    },
    oldObj: {
      v: 'old',
    },
    schema: objectTypePtr({
      v: stringType,
    }),
    valid: ['oldSelf.v != self.v', "oldSelf.v == 'old' && self.v == 'new'"],
  },
  {
    name: 'skipped transition rule for nil old primitive',
    expectSkipped: true,
    obj: 'exists',
    oldObj: null,
    schema: stringType,
    valid: ['oldSelf == self'],
  },
  {
    name: 'skipped transition rule for nil old array',
    expectSkipped: true,
    obj: [],
    oldObj: null,
    schema: listTypePtr(stringType),
    valid: ['oldSelf == self'],
  },
  {
    name: 'skipped transition rule for nil old object',
    expectSkipped: true,
    obj: { f: 'exists' },
    oldObj: null,
    schema: objectTypePtr({
      f: stringType,
    }),
    valid: ['oldSelf.f == self.f'],
  },
  {
    name: 'skipped transition rule for old with non-nil interface but nil value',
    expectSkipped: true,
    obj: [],
    oldObj: nilInterfaceOfStringSlice(),
    schema: listTypePtr(stringType),
    valid: ['oldSelf == self'],
  },
  {
    name: 'authorizer is not supported for CRD Validation Rules',
    obj: [],
    oldObj: [],
    schema: objectTypePtr({}),
    errors: {
      "authorizer.path('/healthz').check('get').allowed()": "undeclared reference to 'authorizer'",
    },
  },
  {
    name: 'optionals', // https://github.com/google/cel-spec/wiki/proposal-246
    obj: {
      presentObj: {
        presentStr: 'value',
      },
      m: { k: 'v' },
      l: ['a'],
    },
    schema: objectTypePtr({
      presentObj: objectType({
        presentStr: stringType,
      }),
      absentObj: objectType({
        absentStr: stringType,
      }),
      m: mapType(stringType),
      l: listType(stringType),
    }),
    valid: [
      "self.?presentObj.?presentStr == optional.of('value')",
      "self.presentObj.?presentStr == optional.of('value')",
      "self.presentObj.?presentStr.or(optional.of('nope')) == optional.of('value')",
      "self.presentObj.?presentStr.orValue('') == 'value'",
      'self.presentObj.?presentStr.hasValue() == true',
      "self.presentObj.?presentStr.optMap(v, v == 'value').hasValue()",
      'self.?absentObj.?absentStr == optional.none()',
      "self.?absentObj.?absentStr.or(optional.of('nope')) == optional.of('nope')",
      "self.?absentObj.?absentStr.orValue('nope') == 'nope'",
      'self.?absentObj.?absentStr.hasValue() == false',
      "self.?absentObj.?absentStr.optMap(v, v == 'value').hasValue() == false",

      "self.m[?'k'] == optional.of('v')",
      "self.m[?'k'].or(optional.of('nope')) == optional.of('v')",
      "self.m[?'k'].orValue('') == 'v'",
      "self.m[?'k'].hasValue() == true",
      "self.m[?'k'].optMap(v, v == 'v').hasValue()",
      "self.m[?'x'] == optional.none()",
      "self.m[?'x'].or(optional.of('nope')) == optional.of('nope')",
      "self.m[?'x'].orValue('nope') == 'nope'",
      "self.m[?'x'].hasValue() == false",
      "self.m[?'x'].hasValue() == false",

      "self.l[?0] == optional.of('a')",
      'self.l[?1] == optional.none()',
      "self.l[?0].orValue('') == 'a'",
      'self.l[?0].hasValue() == true',
      "self.l[?0].optMap(v, v == 'a').hasValue()",
      'self.l[?1] == optional.none()',
      "self.l[?1].or(optional.of('nope')) == optional.of('nope')",
      "self.l[?1].orValue('nope') == 'nope'",
      'self.l[?1].hasValue() == false',
      'self.l[?1].hasValue() == false',

      'optional.ofNonZeroValue(1).hasValue()',
      'optional.ofNonZeroValue(uint(1)).hasValue()',
      'optional.ofNonZeroValue(1.1).hasValue()',
      "optional.ofNonZeroValue('a').hasValue()",
      'optional.ofNonZeroValue(true).hasValue()',
      "optional.ofNonZeroValue(['a']).hasValue()",
      "optional.ofNonZeroValue({'k': 'v'}).hasValue()",
      "optional.ofNonZeroValue(timestamp('2011-08-18T00:00:00.000+01:00')).hasValue()",
      "optional.ofNonZeroValue(duration('19h3m37s10ms')).hasValue()",
      'optional.ofNonZeroValue(null) == optional.none()',
      'optional.ofNonZeroValue(0) == optional.none()',
      'optional.ofNonZeroValue(uint(0)) == optional.none()',
      'optional.ofNonZeroValue(0.0) == optional.none()',
      "optional.ofNonZeroValue('') == optional.none()",
      'optional.ofNonZeroValue(false) == optional.none()',
      'optional.ofNonZeroValue([]) == optional.none()',
      'optional.ofNonZeroValue({}) == optional.none()',
      "optional.ofNonZeroValue(timestamp('0001-01-01T00:00:00.000+00:00')) == optional.none()",
      "optional.ofNonZeroValue(duration('0s')) == optional.none()",

      "{?'k': optional.none(), 'k2': 'v2'} == {'k2': 'v2'}",
      "{?'k': optional.of('v'), 'k2': 'v2'} == {'k': 'v', 'k2': 'v2'}",
      "['a', ?optional.none(), 'c'] == ['a', 'c']",
      "['a', ?optional.of('v'), 'c'] == ['a', 'v', 'c']",
    ],
    errors: {
      'self.absentObj.?absentStr == optional.none()': 'no such key: absentObj', // missing ?. operator on first deref is an error
    },
  },
  {
    name: 'quantity',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: [
      'isQuantity(self.val1)',
      'isQuantity(self.val2)',
      'isQuantity("20Mi")',
      'quantity(self.val2) == quantity("0.2G") && quantity("0.2G") == quantity("200M")',
      'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")',
      'quantity(self.val1).isLessThan(quantity("100M"))',
      'quantity(self.val2).isGreaterThan(quantity("50M"))',
      'quantity(self.val2).compareTo(quantity("0.2G")) == 0',
      'quantity("50k").add(quantity(self.val1)) == quantity("50.02k")',
      'quantity("50k").sub(quantity(self.val1)) == quantity("49980")',
      'quantity(self.val1).isInteger()',
    ],
  },
  {
    name: 'cost for extended lib calculated correctly: isSorted',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: ['[1,2,3,4].isSorted()'],
    expectedCost: 4,
  },
  {
    name: 'cost for extended lib calculated correctly: url',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: ["url('https:://kubernetes.io/').getHostname() != 'test'"],
    expectedCost: 4,
  },
  {
    name: 'cost for extended lib calculated correctly: split',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: ["size('abc 123 def 123'.split(' ')) > 0"],
    expectedCost: 5,
  },
  {
    name: 'cost for extended lib calculated correctly: join',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: ["size(['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')) > 0"],
    expectedCost: 7,
  },
  {
    name: 'IP and CIDR',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: [
      'isIP("192.168.0.1")',
      'ip.isCanonical("127.0.0.1")',
      'ip("192.168.0.1").family() > 0',
      'ip("0.0.0.0").isUnspecified()',
      'ip("127.0.0.1").isLoopback()',
      'ip("224.0.0.1").isLinkLocalMulticast()',
      'ip("192.168.0.1").isGlobalUnicast()',
      'type(ip("192.168.0.1")) == net.IP',
      'cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))',
      'cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")',
      'cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))',
      'type(cidr("2001:db8::/32").ip()) == net.IP',
      "cidr('192.168.0.0/24') == cidr('192.168.0.0/24').masked()",
      "cidr('192.168.0.0/16').prefixLength() == 16",
      "cidr('::1/128').ip().family() == 6",
    ],
  },
  {
    name: 'format',
    obj: objs('20', '200M'),
    schema: schemas(stringType, stringType),
    valid: [
      'format.dns1123Label().validate("my-label-name") == optional.none()',
      'format.dns1123Subdomain().validate("apiextensions.k8s.io") == optional.none()',
      'format.qualifiedName().validate("apiextensions.k8s.io/v1beta1") == optional.none()',
      'format.dns1123LabelPrefix().validate("my-label-prefix-") == optional.none()',
      'format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-") == optional.none()',
      'format.dns1035LabelPrefix().validate("my-label-prefix-") == optional.none()',
      'format.uri().validate("http://example.com") == optional.none()',
      'format.uuid().validate("123e4567-e89b-12d3-a456-426614174000") == optional.none()',
      'format.byte().validate("aGVsbG8=") == optional.none()',
      'format.date().validate("2021-01-01") == optional.none()',
      'format.datetime().validate("2021-01-01T00:00:00Z") == optional.none()',
      'format.named("dns1123Label").value().validate("my-name") == optional.none()',
      "format.dns1123Label().validate(\"contains a space\").value()[0] == \"a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \\'-\\', and must start and end with an alphanumeric character (e.g. \\'my-name\\',  or \\'123-abc\\', regex used for validation is \\'[a-z0-9]([-a-z0-9]*[a-z0-9])?\\')\"",
      '!format.named("unknown").hasValue()',
    ],
  },
];
