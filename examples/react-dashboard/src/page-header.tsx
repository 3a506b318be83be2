import type { ReactNode } from 'react';

/** The header of each view: its title, what it says about itself, the link to the other view, the API. */
export function PageHeader(props: {
  readonly title: string;
  readonly children: ReactNode;
  readonly other: { readonly href: string; readonly label: string };
  readonly api: string;
}) {
  return (
    <header>
      <h1>{props.title}</h1>
      {props.children}
      <a className="switch" data-testid="switch" href={props.other.href}>
        {props.other.label}
      </a>
      <span className="api" data-testid="api">
        {props.api}
      </span>
    </header>
  );
}
