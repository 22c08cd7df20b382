import { Flex, Spin, Typography } from 'antd';

/** A spinner with a (translated) text under it. */
export function LoadingBlock({ text, testId }: { text: string; testId?: string }) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: 32 }} data-testid={testId}>
      <Spin size="large" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  );
}
