/**
 * Letter case of names, written once: the collections and route words of entities (kebab), the
 * snake_case names a spec gives fields, roles and workflows, the PascalCase of schema and method
 * names, the camelCase of route ids.
 */
/** `ExpenseReport` -> `expense-report`, `HTTPLog` -> `http-log`, `Item2` -> `item2`, `createProject` -> `create-project`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/**
 * A snake_case name from free words or another case: `Due date` -> `due_date`, `LineItem` ->
 * `line_item`, `manager's note` -> `manager_note`; one that would start with a digit gets `n_`.
 */
export function snakeCase(text: string): string {
  const s = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/'s\b/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!s) return '';
  return /^[a-z]/.test(s) ? s : `n_${s}`;
}

/**
 * Words split at anything but letters and digits, each with its first letter upper-cased, the
 * rest kept: `expense-reports` -> `ExpenseReports`, `expense_report_approval` -> `ExpenseReportApproval`.
 */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(upperFirst)
    .join('');
}

/** `forgot-password` -> `forgotPassword` (a kebab-case word as a camelCase id). */
export const camelCase = (kebab: string): string => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** `records of x` -> `Records of x`. */
export const upperFirst = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
