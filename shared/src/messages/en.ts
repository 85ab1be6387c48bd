import type { SmallTalkPhrases } from './phrases';

/**
 * English: the catalogue every other language file is typed against (types.ts), so a key missing
 * from a translation fails `npm run typecheck`. The spec's texts are here word for word. `{name}`
 * marks a value filled in at use (fill() in index.ts); translations keep the same placeholders.
 */

/**
 * What the widget shows before it knows the bot: its launcher's label, and its panel's header, sidebar,
 * loading state and failure to reach the bot until the bot's info (and language) arrives. The widget
 * bundles every language's copy of these (start.ts), so they stay few and short.
 */
export const start = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  chat: 'Chat',
  conversations: 'Conversations',
  newChatLabel: 'New chat',
  noConversations: 'No conversations yet',
  closeMenu: 'Close Menu',
  initializing: 'Initializing chat...',
  chatUnavailable: 'Chat unavailable',
  unavailable: 'The chat is unavailable right now. Please check your connection and try again.',
  botNotAvailable: 'This chatbot is not available.',
  retry: 'Retry',
  rateLimited: 'Too many requests. Please slow down.',
};

/** What the widget and the /chat page show; the server sends a bot's language's copy with its public info. */
export const chat = {
  ...start,
  typeMessage: 'Type your message...',
  messageLabel: 'Message',
  send: 'Send message',
  sources: 'Sources',
  /** The link an image in an answer becomes when it has no alt text (answers never load images). */
  image: 'Image',
  newChat: 'New Chat',
  newConversation: 'New Conversation',
  untitled: 'Untitled Conversation',
  noConversationSelected: 'No Conversation Selected',
  createOrSelect: 'Create a new chat or select one from the sidebar',
  loadingMessages: 'Loading messages...',
  errorLoadingMessages: 'Error Loading Messages',
  errorLoadingMessagesBody: 'There was a problem loading your messages. Please try again later.',
  emptyThread: 'Send a message to start the conversation.',
  suggestedQuestions: 'Suggested questions',
  messages: 'Messages',
  scrollToBottom: 'Scroll to bottom',
  lightMode: 'Switch to light mode',
  darkMode: 'Switch to dark mode',
  rateAnswer: 'Rate this answer',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  typing: 'Assistant is typing',
  notOnThisSite: 'This chatbot is not available on this website.',
  sendFailed: 'Your message could not be sent. Please try again.',
  answerFailed: 'The answer failed.',
  answerInterrupted: 'The answer was interrupted. Please try again.',
};

/** What only the /chat page shows (the dashboard bundles these; the widget never needs them). */
export const page = {
  chatbot: 'Chatbot',
  chatHistory: 'Chat History',
  startNewChat: 'Start a new chat to begin',
  openConversations: 'Open conversations',
  closeConversations: 'Close conversations',
  skipToConversation: 'Skip to conversation',
  loadingConversations: 'Loading conversations',
  creatingConversation: 'Creating conversation',
  openingConversation: 'Opening your conversation',
  messageCount: '{n} messages',
  errorLoadingConversations: 'Error loading conversations',
  unreachable: 'The chatbot could not be reached. Check the link and try again.',
  poweredBy: 'Powered by',
};

/** What the bot writes itself: declines, "not sure", small talk, notes and failures (the server's). */
export const reply = {
  notCovered:
    "I couldn't find this in the site's pages, so I can't answer it reliably. Try rephrasing the question, or ask about something the site covers.",
  notMentioned:
    "This site doesn't mention {names}, so I can't answer this from its pages. Ask about something the site covers and I'll quote it.",
  /** Joins the last two names of notMentioned's list ("A, B or C"). */
  or: 'or',
  unsureIntro: "I couldn't find a passage on this site that answers this exactly. This is the closest I found:",
  /** Heads the shorter quotes under an extractive answer's main one. */
  also: 'Also:',
  /** The note under a code block or table an answer cuts: one line or row left, and more ({n}). */
  moreCodeLine: '*(1 more line of this code on the page.)*',
  moreCodeLines: '*({n} more lines of this code on the page.)*',
  moreTableRow: '*(1 more row of this table on the page.)*',
  moreTableRows: '*({n} more rows of this table on the page.)*',
  ragOffNoLlm:
    "This chatbot answers from its website's pages, but looking up pages is turned off for it and no language model is configured, so it can't answer questions yet.",
  llmUnavailable: 'Sorry, the language model is not available right now. Please try again in a moment.',
  interruptedNote: '*(The answer was interrupted. Please ask again.)*',
  tooLongNote: '*(The answer was cut short: it reached its length limit.)*',
  failedAnswer: 'Sorry, something went wrong while answering. Please try again.',
  /** Stored after a question whose answering process died before it answered. */
  interruptedAnswer: 'Sorry, the answer to this question was interrupted. Please ask it again.',
  unsavedAnswer: 'Sorry, the answer could not be saved. Please ask again.',
  sendFailed: 'Your message could not be sent. Please try again.',
  diskFull: "The server's disk is full, so nothing could be saved. Please try again in a few minutes.",
  errorTooLong: 'The answer reached its length limit.',
  errorInterrupted: 'The answer was interrupted.',
  errorLlm: 'The language model is not available.',
  errorIncomplete: 'The answer could not be completed.',
  errorUnsaved: 'The answer could not be saved.',
  identity:
    "I'm this website's assistant: I answer questions from its pages and show the pages each answer comes from. What would you like to know?",
  welcomeBye: "You're welcome! Come back any time you have a question.",
  welcome: "You're welcome! Is there anything else you'd like to know?",
  goodbye: 'Goodbye! Come back any time you have a question.',
  hello: 'Hello! Ask me anything about this website: I answer from its pages and show the ones I used.',
  sure: 'Sure: ask me anything else about this website.',
};

export const smallTalk: SmallTalkPhrases = {
  greeting: [
    'hi',
    'hello',
    'hey',
    'heya',
    'hiya',
    'howdy',
    'greetings',
    'yo',
    'good morning',
    'good afternoon',
    'good evening',
    'good day',
  ],
  thanks: ['thanks', 'thank you', 'thank u', 'thx', 'thanx', 'ty', 'cheers', 'much appreciated', 'appreciate it', 'i appreciate it'],
  ack: [
    'ok',
    'okay',
    'k',
    'kk',
    'cool',
    'great',
    'nice',
    'perfect',
    'awesome',
    'excellent',
    'alright',
    'all right',
    'got it',
    'i see',
    'understood',
    'makes sense',
    'sounds good',
    'that helps',
    'that helped',
    'that works',
    'it works',
    'good',
    'yes',
    'yep',
    'no problem',
  ],
  farewell: [
    'bye',
    'goodbye',
    'good bye',
    'bye bye',
    'see you',
    'see ya',
    'cya',
    'later',
    'have a nice day',
    'have a good day',
    'have a great day',
    'take care',
  ],
  identity: [
    'who are you',
    'what are you',
    'what can you do',
    'what do you do',
    'how can you help',
    'how can you help me',
    'what can i ask',
    'what can i ask you',
    'are you a bot',
    'are you a robot',
    'are you human',
    'are you a human',
    'are you a person',
    'are you an ai',
  ],
  fillers: [
    'there',
    'so',
    'very',
    'much',
    'a',
    'lot',
    'again',
    'all',
    'everyone',
    'guys',
    'folks',
    'bot',
    'oh',
    'ah',
    'well',
    'really',
    'then',
    'and',
    'for',
    'the',
    'info',
    'help',
    'me',
    'please',
    'now',
  ],
};

/** Frequent words of questions in this language, for telling which language a question is in (detect.ts). */
export const stopWords =
  'the a an and or of to in on at for with from by about is are was were be been do does did can could should would will ' +
  'how what where when why which who whom whose i you my your it its this that these those there not no if than then ' +
  'have has had get use using need want way any some all into out up there something while please just also';
