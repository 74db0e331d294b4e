import AppCore

/// The messages and codes of security questions (issue 16).
enum SecurityQuestionErrors {
    static let unknownQuestion = "Choose a question from the list"
    static let repeatedQuestion = "Choose a different question for each answer"
    static let answerLength = "An answer must be \(SecurityAnswerChanges.answerLengths.lowerBound) to \(SecurityAnswerChanges.answerLengths.upperBound) characters long"
    static let count = "Answer \(SecurityAnswerChanges.questionCount.lowerBound) or \(SecurityAnswerChanges.questionCount.upperBound) different questions"
    static let answerRequired = "Please answer the security question"
    static let otherQuestion = "Answer the question this reset link asks (passwordResetQuestion)"
    /// A wrong answer on a reset link; it counts toward `AccountSettings.maxSecurityAnswerAttempts`.
    static let incorrect = ClientError.make("SECURITY_ANSWER_INCORRECT", "The answer to the security question is incorrect.")
}
