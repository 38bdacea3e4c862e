// cel-go's string.format cases and Go's locale printer's (stringFormatCases.ts) through the product's rule
// environment, each with cel-go's output or error.
import { runCases } from './harness';
import { CEL_GO, LOCALE_PRINTER, NOT_EVALUATED, ROUNDING } from './stringFormatCases';

runCases('string.format (cel-go)', CEL_GO);
runCases("string.format (Go's locale printer)", LOCALE_PRINTER);
runCases('string.format (rounding)', ROUNDING);
runCases('string.format (not evaluated)', NOT_EVALUATED);
