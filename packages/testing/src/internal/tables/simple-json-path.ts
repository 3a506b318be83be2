/**
 * The JSONPath of a CRD printer column (`.spec.size`, `.status.conditions[?(@.type=="Ready")].status`,
 * `.items[0]`, `['a.b']`, `[*]`): the values it selects, missing keys allowed, as kube-apiserver
 * reads it. A path it cannot read selects nothing.
 */
export function simpleJsonPath(path: string): (data: unknown) => unknown[] {
  const steps = parse(path.trim());
  return (data) => {
    let current: unknown[] = [data];
    for (const step of steps) current = current.flatMap(step);
    return current;
  };
}

type Step = (value: unknown) => unknown[];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const field =
  (name: string): Step =>
  (v) =>
    isRecord(v) && Object.hasOwn(v, name) ? [v[name]] : [];

function parse(path: string): Step[] {
  const steps: Step[] = [];
  let i = path.startsWith('$') ? 1 : 0;
  while (i < path.length) {
    if (path[i] === '.') {
      let name = '';
      i++;
      while (i < path.length && path[i] !== '.' && path[i] !== '[') {
        if (path[i] === '\\') i++;
        name += path[i] ?? '';
        i++;
      }
      if (name === '*')
        steps.push((v) => (Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : []));
      else steps.push(field(name));
    } else if (path[i] === '[') {
      const close = path.indexOf(']', path.startsWith('[?', i) ? path.indexOf(')', i) : i);
      if (close < 0) return [() => []];
      steps.push(bracket(path.slice(i + 1, close).trim()));
      i = close + 1;
    } else return [() => []];
  }
  return steps;
}

function bracket(inside: string): Step {
  if (inside === '*') return (v) => (Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : []);
  if (/^-?\d+$/.test(inside)) {
    const n = Number(inside);
    return (v) => {
      if (!Array.isArray(v)) return [];
      const index = n < 0 ? v.length + n : n;
      return index >= 0 && index < v.length ? [v[index]] : [];
    };
  }
  const quoted = /^(['"])(.*)\1$/.exec(inside);
  if (quoted) return field(quoted[2] ?? '');
  const filter = /^\?\(\s*@((?:\.[^=!<>\s]+)+)\s*(==|!=)\s*(['"]?)(.*?)\3\s*\)$/.exec(inside);
  if (filter) {
    const left = simpleJsonPath(filter[1] ?? '');
    const wanted = filter[3] ? filter[4] : JSON.parse(filter[4] ?? 'null');
    const equal = filter[2] === '==';
    return (v) =>
      (Array.isArray(v) ? v : []).filter((item) => {
        const [value] = left(item);
        return value !== undefined && (value === wanted) === equal;
      });
  }
  return () => [];
}
