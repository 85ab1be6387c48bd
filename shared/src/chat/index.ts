export { ChatThread, type ChatThreadProps } from './ChatThread';
export { MessageBubble, SourceList, TypingDots } from './MessageBubble';
export { Composer } from './Composer';
export { useMessages } from './useMessages';
export { useSendMessage } from './useSendMessage';
export { usePageDark } from './usePageTheme';
export { useIsMobile } from './useIsMobile';
