import { Button, type ButtonProps, createPolymorphicComponent } from '@mantine/core';
import type { ComponentType, ElementType, MouseEvent, ReactElement } from 'react';

type RootProps = { disabled?: boolean } & Record<string, unknown>;
type BusyButtonProps = ButtonProps & { component?: ElementType; onClick?: (event: MouseEvent<HTMLElement>) => void };

// Mantine's polymorphic types cannot take a component chosen at run time (they resolve one per element type).
const MantineButton = Button as ComponentType<BusyButtonProps & { renderRoot: (props: RootProps) => ReactElement }>;

/**
 * Mantine's Button, but busy (`loading`) without the disabled attribute. Mantine disables a loading button, and a
 * focused button that becomes disabled drops the focus to the page's body: the next Tab starts from the top of the
 * page and a screen reader says nothing. Here it keeps the focus, says it is busy (aria-disabled, aria-busy), and
 * ignores clicks until it is done, so a second Enter, Space or click, or Enter in a field of its form (the browser's
 * implicit submission clicks it), acts once only, as the disabled attribute made sure before.
 */
function BusyButtonRoot({ loading, component, onClick, ...others }: BusyButtonProps) {
  const Root = component ?? 'button';
  return (
    <MantineButton
      {...others}
      component={Root}
      loading={loading}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          event.stopPropagation();
          return;
        }
        onClick?.(event);
      }}
      renderRoot={({ disabled, ...props }) => <Root {...props} disabled={loading ? undefined : disabled} aria-disabled={loading || undefined} aria-busy={loading || undefined} />}
    />
  );
}

export const BusyButton = createPolymorphicComponent<'button', ButtonProps>(BusyButtonRoot);
