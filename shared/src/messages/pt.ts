import type { SmallTalkPhrases } from './phrases';
import type { ChatTexts, PageTexts, ReplyTexts, StartTexts } from './types';

/** Portuguese as written in Brazil (most of its speakers), "você" kept implicit where a phrase can do without. */
export const start: StartTexts = {
  openChat: 'Abrir chat',
  closeChat: 'Fechar chat',
  chat: 'Chat',
  conversations: 'Conversas',
  newChatLabel: 'Nova conversa',
  noConversations: 'Ainda não há conversas',
  closeMenu: 'Fechar menu',
  initializing: 'Iniciando o chat...',
  chatUnavailable: 'Chat indisponível',
  unavailable: 'O chat está indisponível no momento. Verifique sua conexão e tente novamente.',
  botNotAvailable: 'Este chatbot não está disponível.',
  retry: 'Tentar novamente',
  rateLimited: 'Muitas solicitações. Aguarde um momento.',
};

export const chat: ChatTexts = {
  ...start,
  typeMessage: 'Digite sua mensagem...',
  messageLabel: 'Mensagem',
  send: 'Enviar mensagem',
  sources: 'Fontes',
  image: 'Imagem',
  newChat: 'Nova conversa',
  newConversation: 'Nova conversa',
  untitled: 'Conversa sem título',
  noConversationSelected: 'Nenhuma conversa selecionada',
  createOrSelect: 'Comece uma nova conversa ou escolha uma na barra lateral',
  loadingMessages: 'Carregando mensagens...',
  errorLoadingMessages: 'Erro ao carregar as mensagens',
  errorLoadingMessagesBody: 'Ocorreu um problema ao carregar suas mensagens. Tente novamente mais tarde.',
  emptyThread: 'Envie uma mensagem para começar a conversa.',
  suggestedQuestions: 'Perguntas sugeridas',
  messages: 'Mensagens',
  scrollToBottom: 'Ir para o fim',
  lightMode: 'Mudar para o modo claro',
  darkMode: 'Mudar para o modo escuro',
  rateAnswer: 'Avaliar esta resposta',
  helpful: 'Útil',
  notHelpful: 'Não foi útil',
  typing: 'O assistente está digitando',
  notOnThisSite: 'Este chatbot não está disponível neste site.',
  sendFailed: 'Não foi possível enviar sua mensagem. Tente novamente.',
  answerFailed: 'A resposta falhou.',
  answerInterrupted: 'A resposta foi interrompida. Tente novamente.',
};

export const page: PageTexts = {
  chatbot: 'Chatbot',
  chatHistory: 'Histórico de conversas',
  startNewChat: 'Comece uma nova conversa',
  openConversations: 'Abrir conversas',
  closeConversations: 'Fechar conversas',
  skipToConversation: 'Ir para a conversa',
  loadingConversations: 'Carregando conversas',
  creatingConversation: 'Criando conversa',
  openingConversation: 'Abrindo sua conversa',
  messageCount: '{n} mensagens',
  errorLoadingConversations: 'Erro ao carregar as conversas',
  unreachable: 'Não foi possível acessar o chatbot. Verifique o link e tente novamente.',
  poweredBy: 'Com tecnologia',
};

export const reply: ReplyTexts = {
  notCovered:
    'Não encontrei isso nas páginas do site, por isso não consigo responder com segurança. Tente reformular a pergunta ou pergunte sobre algo que o site aborde.',
  notMentioned:
    'Este site não menciona {names}, então não consigo responder a isso com base no conteúdo dele. Pergunte sobre algo que o site aborde e eu cito o trecho.',
  or: 'ou',
  unsureIntro: 'Não encontrei neste site um trecho que responda exatamente a isso. Isto é o mais próximo que encontrei:',
  also: 'Além disso:',
  moreCodeLine: '*(mais 1 linha deste código na página.)*',
  moreCodeLines: '*(mais {n} linhas deste código na página.)*',
  moreTableRow: '*(mais 1 linha desta tabela na página.)*',
  moreTableRows: '*(mais {n} linhas desta tabela na página.)*',
  ragOffNoLlm:
    'Este chatbot responde com base nas páginas do site, mas a pesquisa nas páginas está desativada e não há nenhum modelo de linguagem configurado, por isso ainda não pode responder a perguntas.',
  llmUnavailable: 'Desculpe, o modelo de linguagem não está disponível no momento. Tente novamente daqui a pouco.',
  interruptedNote: '*(A resposta foi interrompida. Faça a pergunta novamente.)*',
  tooLongNote: '*(A resposta foi cortada: atingiu o comprimento máximo.)*',
  failedAnswer: 'Desculpe, ocorreu um erro ao responder. Tente novamente.',
  interruptedAnswer: 'Desculpe, a resposta a esta pergunta foi interrompida. Faça a pergunta novamente.',
  unsavedAnswer: 'Desculpe, não foi possível salvar a resposta. Faça a pergunta novamente.',
  sendFailed: 'Não foi possível enviar sua mensagem. Tente novamente.',
  diskFull: 'O disco do servidor está cheio, por isso não foi possível salvar nada. Tente novamente em alguns minutos.',
  errorTooLong: 'A resposta atingiu o comprimento máximo.',
  errorInterrupted: 'A resposta foi interrompida.',
  errorLlm: 'O modelo de linguagem não está disponível.',
  errorIncomplete: 'Não foi possível concluir a resposta.',
  errorUnsaved: 'Não foi possível salvar a resposta.',
  identity:
    'Sou o assistente deste site: respondo a perguntas com base nas páginas do site e mostro de que páginas vem cada resposta. O que gostaria de saber?',
  welcomeBye: 'De nada! Volte sempre que tiver uma pergunta.',
  welcome: 'De nada! Há mais alguma coisa que gostaria de saber?',
  goodbye: 'Até logo! Volte sempre que tiver uma pergunta.',
  hello: 'Olá! Pergunte o que quiser sobre este site: respondo com base nas páginas dele e mostro as que usei.',
  sure: 'Claro: pergunte o que mais quiser sobre este site.',
};

export const smallTalk: SmallTalkPhrases = {
  greeting: ['olá', 'ola', 'oi', 'bom dia', 'boa tarde', 'boa noite', 'tudo bem'],
  thanks: ['obrigado', 'obrigada', 'muito obrigado', 'muito obrigada', 'obrigadão', 'agradeço'],
  ack: [
    'certo',
    'está bem',
    'esta bem',
    'tá bem',
    'ta bom',
    'tá bom',
    'perfeito',
    'ótimo',
    'otimo',
    'excelente',
    'entendi',
    'percebi',
    'sim',
    'combinado',
    'beleza',
  ],
  farewell: ['adeus', 'tchau', 'até logo', 'ate logo', 'até mais', 'até breve', 'até à próxima'],
  identity: [
    'quem é você',
    'quem es tu',
    'o que é você',
    'o que você faz',
    'o que podes fazer',
    'o que você pode fazer',
    'você é um bot',
    'você é um robô',
    'você é humano',
    'és um bot',
    'o que posso perguntar',
  ],
  fillers: ['pela', 'ajuda', 'info', 'e', 'oh', 'ah', 'então', 'mais', 'uma', 'vez', 'a', 'todos', 'de', 'novo'],
};

export const stopWords =
  'o os a as um uma uns umas e ou de do da dos das em no na nos nas ao aos à que é são está estão para com sem por pelo ' +
  'pela se seu sua seus suas eu você como onde quando qual quais porque posso pode há fazer tenho tem este esta isto esse ' +
  'essa isso muito mais mas também já não meu minha foi ser são sido fica me lhe você tem';
