import { Text } from '@mantine/core';

/**
 * What a row offers an admin instead of a decision on his own case (his time off, correction or
 * certificate): the sentence saying another admin decides it. The server refuses it too.
 */
export function OwnCaseNote({ message, testId }: { message: string; testId: string }) {
  return (
    <Text size="xs" c="dimmed" maw={260} data-testid={testId}>
      {message}
    </Text>
  );
}
