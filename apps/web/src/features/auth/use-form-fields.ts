import { useRef, useState } from 'react';

/** A field's problem, localised, or null when it is fine. */
export type FieldProblem = string | null;

export interface FieldRule<Name extends string> {
  /** Checks the field against all the form's values; may first fetch what it checks with. */
  check: (values: Readonly<Record<Name, string>>) => FieldProblem | Promise<FieldProblem>;
  /** Fields whose change checks this one again once it has been edited (the password's email). */
  dependencies?: readonly Name[];
}

/**
 * A small form's values and problems, checked as Ant Design's Form checks them: a field on each
 * change, the fields that depend on it once they have been edited, and every field on submit;
 * only the latest check of a field shows. A check that cannot run (its code failed to load)
 * passes: the server checks again.
 */
export function useFormFields<Name extends string>(rules: Record<Name, FieldRule<Name>>) {
  const names = Object.keys(rules) as Name[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>,
  );
  const [problems, setProblems] = useState<Partial<Record<Name, string>>>({});
  const current = useRef(values);
  const edited = useRef(new Set<Name>());
  const latestCheck = useRef(new Map<Name, number>());

  const show = (name: Name, problem: FieldProblem) =>
    setProblems((shown) => ({ ...shown, [name]: problem ?? undefined }));

  const check = async (name: Name, checked: Record<Name, string>): Promise<FieldProblem> => {
    const run = (latestCheck.current.get(name) ?? 0) + 1;
    latestCheck.current.set(name, run);
    let problem: FieldProblem = null;
    try {
      problem = await rules[name].check(checked);
    } catch {
      // Left to the server, which checks every field again.
    }
    if (latestCheck.current.get(name) === run) show(name, problem);
    return problem;
  };

  const change = (name: Name, value: string) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
    edited.current.add(name);
    void check(name, next);
    for (const other of names) {
      if (edited.current.has(other) && rules[other].dependencies?.includes(name))
        void check(other, next);
    }
  };

  /** Checks every field; calls `onValid` with the values when none has a problem. */
  const submit = async (onValid: (checked: Record<Name, string>) => void) => {
    const checked = current.current;
    for (const name of names) edited.current.add(name);
    const found = await Promise.all(names.map((name) => check(name, checked)));
    // A value changed while the checks ran: that change has started checks of its own.
    if (found.every((problem) => problem === null) && current.current === checked) onValid(checked);
  };

  /** Shows a problem found elsewhere (the server's refusal) under a field, as its own. */
  const showProblem = (name: Name, problem: string) => {
    latestCheck.current.set(name, (latestCheck.current.get(name) ?? 0) + 1);
    show(name, problem);
  };

  return { values, problems, change, submit, showProblem };
}
