import { useEffect, useState } from 'react';

/**
 * The terminal's size, updated when it is resized.
 *
 * @example
 * const { columns, rows } = useTerminalSize(process.stdout);
 */
export function useTerminalSize(stdout: NodeJS.WriteStream): { columns: number; rows: number } {
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
