import type { SmallTalkPhrases } from './phrases';
import type { ChatTexts, PageTexts, ReplyTexts, StartTexts } from './types';

/** Dutch ("je", as most Dutch-language web products write). */
export const start: StartTexts = {
  openChat: 'Chat openen',
  closeChat: 'Chat sluiten',
  chat: 'Chat',
  conversations: 'Gesprekken',
  newChatLabel: 'Nieuwe chat',
  noConversations: 'Nog geen gesprekken',
  closeMenu: 'Menu sluiten',
  initializing: 'Chat wordt gestart...',
  chatUnavailable: 'Chat niet beschikbaar',
  unavailable: 'De chat is op dit moment niet beschikbaar. Controleer je verbinding en probeer het opnieuw.',
  botNotAvailable: 'Deze chatbot is niet beschikbaar.',
  retry: 'Opnieuw proberen',
  rateLimited: 'Te veel verzoeken. Wacht even.',
};

export const chat: ChatTexts = {
  ...start,
  typeMessage: 'Typ je bericht...',
  messageLabel: 'Bericht',
  send: 'Bericht versturen',
  sources: 'Bronnen',
  image: 'Afbeelding',
  newChat: 'Nieuwe chat',
  newConversation: 'Nieuw gesprek',
  untitled: 'Naamloos gesprek',
  noConversationSelected: 'Geen gesprek geselecteerd',
  createOrSelect: 'Begin een nieuwe chat of kies er een in de zijbalk',
  loadingMessages: 'Berichten laden...',
  errorLoadingMessages: 'Fout bij het laden van berichten',
  errorLoadingMessagesBody: 'Er ging iets mis bij het laden van je berichten. Probeer het later opnieuw.',
  emptyThread: 'Stuur een bericht om het gesprek te beginnen.',
  suggestedQuestions: 'Voorgestelde vragen',
  messages: 'Berichten',
  scrollToBottom: 'Naar beneden scrollen',
  lightMode: 'Naar lichte modus',
  darkMode: 'Naar donkere modus',
  rateAnswer: 'Beoordeel dit antwoord',
  helpful: 'Nuttig',
  notHelpful: 'Niet nuttig',
  typing: 'De assistent is aan het typen',
  notOnThisSite: 'Deze chatbot is niet beschikbaar op deze website.',
  sendFailed: 'Je bericht kon niet worden verstuurd. Probeer het opnieuw.',
  answerFailed: 'Het antwoord is mislukt.',
  answerInterrupted: 'Het antwoord is onderbroken. Probeer het opnieuw.',
};

export const page: PageTexts = {
  chatbot: 'Chatbot',
  chatHistory: 'Chatgeschiedenis',
  startNewChat: 'Begin een nieuwe chat',
  openConversations: 'Gesprekken openen',
  closeConversations: 'Gesprekken sluiten',
  skipToConversation: 'Naar het gesprek',
  loadingConversations: 'Gesprekken laden',
  creatingConversation: 'Gesprek aanmaken',
  openingConversation: 'Je gesprek wordt geopend',
  messageCount: '{n} berichten',
  errorLoadingConversations: 'Fout bij het laden van gesprekken',
  unreachable: 'De chatbot is niet bereikbaar. Controleer de link en probeer het opnieuw.',
  poweredBy: 'Mogelijk gemaakt door',
};

export const reply: ReplyTexts = {
  notCovered:
    "Ik kon dit niet vinden op de pagina's van de site, dus ik kan het niet betrouwbaar beantwoorden. Probeer de vraag anders te stellen, of vraag naar iets wat op de site staat.",
  notMentioned:
    "Deze site noemt {names} nergens, dus ik kan dit niet beantwoorden op basis van de pagina's. Vraag naar iets wat op de site staat, dan citeer ik het.",
  or: 'of',
  unsureIntro: 'Ik heb op deze site geen passage gevonden die precies hierop antwoord geeft. Dit komt er het dichtst bij:',
  also: 'Daarnaast:',
  moreCodeLine: '*(nog 1 regel van deze code op de pagina.)*',
  moreCodeLines: '*(nog {n} regels van deze code op de pagina.)*',
  moreTableRow: '*(nog 1 rij van deze tabel op de pagina.)*',
  moreTableRows: '*(nog {n} rijen van deze tabel op de pagina.)*',
  ragOffNoLlm:
    "Deze chatbot antwoordt op basis van de pagina's van zijn website, maar het opzoeken van pagina's staat voor hem uit en er is geen taalmodel ingesteld, dus hij kan nog geen vragen beantwoorden.",
  llmUnavailable: 'Sorry, het taalmodel is op dit moment niet beschikbaar. Probeer het zo nog eens.',
  interruptedNote: '*(Het antwoord is onderbroken. Stel je vraag opnieuw.)*',
  tooLongNote: '*(Het antwoord is afgekapt: het heeft de maximale lengte bereikt.)*',
  failedAnswer: 'Sorry, er ging iets mis bij het antwoorden. Probeer het opnieuw.',
  interruptedAnswer: 'Sorry, het antwoord op deze vraag is onderbroken. Stel de vraag opnieuw.',
  unsavedAnswer: 'Sorry, het antwoord kon niet worden opgeslagen. Stel je vraag opnieuw.',
  sendFailed: 'Je bericht kon niet worden verstuurd. Probeer het opnieuw.',
  diskFull: 'De schijf van de server is vol, dus er kon niets worden opgeslagen. Probeer het over een paar minuten opnieuw.',
  errorTooLong: 'Het antwoord heeft de maximale lengte bereikt.',
  errorInterrupted: 'Het antwoord is onderbroken.',
  errorLlm: 'Het taalmodel is niet beschikbaar.',
  errorIncomplete: 'Het antwoord kon niet worden afgemaakt.',
  errorUnsaved: 'Het antwoord kon niet worden opgeslagen.',
  identity:
    "Ik ben de assistent van deze website: ik beantwoord vragen op basis van de pagina's en laat zien van welke pagina's elk antwoord komt. Wat wil je weten?",
  welcomeBye: 'Graag gedaan! Kom gerust terug als je een vraag hebt.',
  welcome: 'Graag gedaan! Wil je nog iets anders weten?',
  goodbye: 'Tot ziens! Kom gerust terug als je een vraag hebt.',
  hello: "Hallo! Vraag me alles over deze website: ik antwoord op basis van de pagina's en laat zien welke ik heb gebruikt.",
  sure: 'Prima: vraag me gerust nog iets anders over deze website.',
};

export const smallTalk: SmallTalkPhrases = {
  greeting: ['hoi', 'hallo', 'hey', 'goedemorgen', 'goedemiddag', 'goedenavond', 'dag', 'goeiedag'],
  thanks: ['dank je', 'dank je wel', 'dankjewel', 'dank u', 'dank u wel', 'bedankt', 'hartelijk dank', 'thanks'],
  ack: ['oké', 'prima', 'goed', 'top', 'duidelijk', 'begrepen', 'helder', 'ja', 'klopt', 'mooi', 'fijn', 'ik snap het'],
  farewell: ['doei', 'tot ziens', 'tot later', 'tot straks', 'fijne dag', 'fijne dag nog'],
  identity: [
    'wie ben jij',
    'wie ben je',
    'wat ben jij',
    'wat ben je',
    'wat kun je',
    'wat kun jij',
    'wat kan je',
    'ben je een bot',
    'ben jij een bot',
    'ben je een robot',
    'ben je een mens',
    'wat kan ik vragen',
  ],
  fillers: ['voor', 'de', 'hulp', 'info', 'en', 'oh', 'ah', 'nou', 'dan', 'nog', 'wel', 'heel', 'erg', 'allemaal', 'zeer'],
};

export const stopWords =
  'de het een en of van is zijn was wordt worden kan kun kunnen moet ik je jij u we wij hij zij ze mijn jouw uw niet geen ' +
  'met te in op voor aan bij naar uit om over hoe wat waar wanneer waarom welke welk die dat dit deze er ook nog maar als ' +
  'dan heb hebt heeft hebben mag wil';
