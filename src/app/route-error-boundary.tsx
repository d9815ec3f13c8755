// What a render error under the routes shows (a screen's chunk that cannot be fetched offline, a
// bug): react-router's default error element, which the data router rendered at the top of the
// routes, kept here for the declarative router (router.tsx). Another location clears it, so the
// user can navigate away and the failed code is fetched again there.
import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router-dom';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  location: Location;
  error: unknown;
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { location: this.props.location, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location !== state.location
      ? { location: props.location, error: undefined }
      : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error('React Router caught the following error during render', error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? (
          <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>
            {stack}
          </pre>
        ) : null}
      </>
    );
  }
}
