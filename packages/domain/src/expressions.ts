import jsep from 'jsep';

/**
 * The safe expression language of formulas and state rules (requirements#domain-model): arithmetic, comparison and
 * logic over named values, with a few functions. Parsed by jsep into a tree and evaluated by walking
 * it — never `eval`, no property access (`cal.<name>` is one name), no calls but the whitelisted functions.
 */
export type Scope = Readonly<Record<string, number | boolean | string | null | undefined>>;
export type Value = number | boolean | string | null;

const FUNCTIONS: Record<string, (...args: number[]) => number> = {
  abs: Math.abs,
  min: Math.min,
  max: Math.max,
  sqrt: Math.sqrt,
  pow: Math.pow,
  log: Math.log,
  log10: Math.log10,
  exp: Math.exp,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  atan2: Math.atan2,
};

const BINARY: Record<string, (a: never, b: never) => Value> = {
  '+': (a: number, b: number) => a + b,
  '-': (a: number, b: number) => a - b,
  '*': (a: number, b: number) => a * b,
  '/': (a: number, b: number) => a / b,
  '%': (a: number, b: number) => a % b,
  '**': (a: number, b: number) => a ** b,
  '<': (a: number, b: number) => a < b,
  '<=': (a: number, b: number) => a <= b,
  '>': (a: number, b: number) => a > b,
  '>=': (a: number, b: number) => a >= b,
  '==': (a: Value, b: Value) => a === b,
  '!=': (a: Value, b: Value) => a !== b,
};

jsep.addBinaryOp('**', 11, true);
jsep.removeBinaryOp('===');
jsep.removeBinaryOp('!==');
jsep.removeBinaryOp('|');
jsep.removeBinaryOp('^');
jsep.removeBinaryOp('&');
jsep.removeBinaryOp('<<');
jsep.removeBinaryOp('>>');
jsep.removeBinaryOp('>>>');
jsep.removeUnaryOp('~');

export class ExpressionError extends Error {}

export interface CompiledExpression {
  source: string;
  /** the names the expression reads */
  variables: string[];
  evaluate(scope: Scope): Value;
}

type Node = jsep.Expression;

function compileNode(node: Node, variables: Set<string>): (scope: Scope) => Value {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string' && value !== null)
        throw new ExpressionError('Unsupported literal');
      return () => value;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'true' || name === 'false') return () => name === 'true';
      variables.add(name);
      return (scope) => {
        if (!Object.hasOwn(scope, name) || scope[name] === undefined)
          throw new ExpressionError(`Unknown value: ${name}`);
        return scope[name] ?? null;
      };
    }
    case 'MemberExpression': {
      // `cal.G` (requirements#site-contracts): one name read from the scope, not property access
      const { object, property, computed } = node as jsep.MemberExpression;
      const owner = object.type === 'Identifier' ? (object as jsep.Identifier).name : '';
      if (computed || owner !== 'cal' || property.type !== 'Identifier')
        throw new ExpressionError('Unsupported expression: only cal.<name> reads a member');
      return compileNode({ type: 'Identifier', name: `cal.${(property as jsep.Identifier).name}` }, variables);
    }
    case 'UnaryExpression': {
      const { operator, argument } = node as jsep.UnaryExpression;
      const arg = compileNode(argument, variables);
      if (operator === '-') return (s) => -(arg(s) as number);
      if (operator === '+') return (s) => +(arg(s) as number);
      if (operator === '!') return (s) => !arg(s);
      throw new ExpressionError(`Unsupported operator: ${operator}`);
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      const l = compileNode(left, variables);
      const r = compileNode(right, variables);
      if (operator === '&&') return (s) => Boolean(l(s)) && Boolean(r(s));
      if (operator === '||') return (s) => Boolean(l(s)) || Boolean(r(s));
      const op = BINARY[operator];
      if (!op) throw new ExpressionError(`Unsupported operator: ${operator}`);
      return (s) => op(l(s) as never, r(s) as never);
    }
    case 'ConditionalExpression': {
      const { test, consequent, alternate } = node as jsep.ConditionalExpression;
      const [t, c, a] = [test, consequent, alternate].map((n) => compileNode(n, variables)) as [
        (s: Scope) => Value,
        (s: Scope) => Value,
        (s: Scope) => Value,
      ];
      return (s) => (t(s) ? c(s) : a(s));
    }
    case 'CallExpression': {
      const { callee, arguments: args } = node as jsep.CallExpression;
      const name = callee.type === 'Identifier' ? (callee as jsep.Identifier).name : '';
      const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
      if (!fn) throw new ExpressionError(`Unknown function: ${name || 'expression'}`);
      const compiled = args.map((a) => compileNode(a, variables));
      return (s) => fn(...compiled.map((c) => c(s) as number));
    }
    default:
      throw new ExpressionError(`Unsupported expression: ${node.type}`);
  }
}

/** Parses and checks an expression once; throws ExpressionError with a readable message. */
export function compileExpression(source: string): CompiledExpression {
  if (source.length > 2000) throw new ExpressionError('Expression is too long');
  let tree: Node;
  try {
    tree = jsep(source);
  } catch (error) {
    throw new ExpressionError((error as Error).message);
  }
  const variables = new Set<string>();
  const run = compileNode(tree, variables);
  return {
    source,
    variables: [...variables],
    evaluate(scope) {
      const value = run(scope);
      if (typeof value === 'number' && !Number.isFinite(value))
        throw new ExpressionError('Result is not a finite number');
      return value;
    },
  };
}

/** The parse error of an expression, or undefined when it is valid. */
export function expressionError(source: string): string | undefined {
  try {
    compileExpression(source);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
