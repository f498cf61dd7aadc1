import { Loader, Switch, type SwitchProps } from '@mantine/core';

/**
 * Mantine's Switch for a change that waits for the server: while `busy` it ignores changes (the server's state stays
 * shown) but keeps the focus, where the disabled attribute would drop it to the page's body (see BusyButton).
 */
export function BusySwitch({ busy, onChange, ...others }: SwitchProps & { busy: boolean }) {
  return (
    <Switch
      {...others}
      onChange={(event) => {
        if (!busy) onChange?.(event);
      }}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      thumbIcon={busy ? <Loader size={10} /> : others.thumbIcon}
    />
  );
}
