#include "core/kernelfile/launch_expression.h"

#include <muParser.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

namespace ws::kernelfile {

namespace {

double ceilOf(double x) { return std::ceil(x); }
double floorOf(double x) { return std::floor(x); }
double powerOf(double x, double y) { return std::pow(x, y); }
double remainderOf(double x, double y) { return std::fmod(x, y); }

std::string numberText(double value) {
    std::ostringstream out;
    out.precision(10);
    out << value;
    return out.str();
}

std::string paramsText(const ParamValues& params) {
    std::string text;
    for (const auto& [name, value] : params)
        text += (text.empty() ? "" : ", ") + name + "=" + value;
    return text;
}

}  // namespace

Result<double> evaluateExpression(const std::string& expression, const ParamValues& params,
                                  const std::string& what) {
    if (expression.empty()) return makeError(what + ": the expression is empty");
    // The parser keeps pointers to its variables: they live in this map.
    std::map<std::string, double> values;
    for (const auto& [name, text] : params) {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0') continue;  // not a number: not a variable
        values[name] = v;
    }
    try {
        mu::Parser parser;
        parser.DefineFun("ceil", ceilOf);
        parser.DefineFun("floor", floorOf);
        parser.DefineFun("pow", powerOf);
        parser.DefineOprt("%", remainderOf, mu::prMUL_DIV);
        for (auto& [name, value] : values) parser.DefineVar(name, &value);
        parser.SetExpr(expression);
        const double result = parser.Eval();
        if (!std::isfinite(result))
            return makeError(what + " = '" + expression + "' is not a finite number" +
                             (params.empty() ? "" : " for " + paramsText(params)));
        return result;
    } catch (const mu::Parser::exception_type& e) {
        std::string message = what + " = '" + expression + "': " + e.GetMsg();
        // muparser counts from 0; people from 1.
        if (e.GetPos() >= 0) message += " (at character " + std::to_string(e.GetPos() + 1) + ")";
        return makeError(message);
    }
}

Result<long long> evaluateCount(const std::string& expression, const ParamValues& params,
                                const std::string& what, long long lowest, long long highest) {
    auto value = evaluateExpression(expression, params, what);
    if (!value) return makeError(value.error());
    const std::string forParams = params.empty() ? "" : " for " + paramsText(params);
    if (*value != std::floor(*value))
        return makeError(what + " = '" + expression + "' is " + numberText(*value) + forParams +
                         ": not a whole number (ceil(...) or floor(...) makes it one)");
    if (*value < double(lowest) || *value > double(highest))
        return makeError(what + " = '" + expression + "' is " + numberText(*value) + forParams +
                         ": it must be between " + std::to_string(lowest) + " and " +
                         std::to_string(highest));
    return static_cast<long long>(*value);
}

}  // namespace ws::kernelfile
