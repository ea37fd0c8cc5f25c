#pragma once
// The arithmetic of a launch description: `ceil(n / 256)`, `n * n`, `256 * 4`.
// Parameters are variables; the functions are ceil, floor, min, max, pow,
// sqrt and abs, the operators + - * / % and ^, parentheses. Division is
// exact (n / 3 is a fraction): a count must come out whole, or the
// expression is refused with its value.
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::kernelfile {

// The value of `expression` for the resolved parameters. `what` names the
// place in errors ("grid.x", "args.out.length").
Result<double> evaluateExpression(const std::string& expression, const ParamValues& params,
                                  const std::string& what);

// The same, held to a whole number in [lowest, highest]: a grid or block
// size, a length, a byte count.
Result<long long> evaluateCount(const std::string& expression, const ParamValues& params,
                                const std::string& what, long long lowest, long long highest);

}  // namespace ws::kernelfile
