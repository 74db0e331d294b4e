"""Issue 4's real parts end to end: e-mails delivered over SMTP to a real server, their absolute links
followed, and the verification web pages rendered and used in headless Chromium."""
import re
import uuid

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse battery staple 42"
SIGN_UP = """mutation($input: SignUpInput!) { signUp(input: $input) { token verificationRequired message } }"""
LOG_IN = """mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }"""


def new_account(graphql):
    suffix = uuid.uuid4().hex[:8]
    email, nickname = f"e2e.{suffix}@example.com", f"e2e_{suffix}"
    result = graphql(SIGN_UP, {"input": {"email": email, "nickname": nickname, "password": PASSWORD, "acceptedTerms": True}})
    assert "errors" not in result, result
    assert result["data"]["signUp"]["token"] is None
    return email, nickname


def shown(browser, selector):
    """The text of the element `selector` once the page that has it has loaded (a form post navigates)."""
    wait = WebDriverWait(browser, 15, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
    return wait.until(lambda driver: driver.find_element(By.CSS_SELECTOR, selector).text)


def heading_becomes(browser, text):
    WebDriverWait(browser, 15, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda driver: driver.find_element(By.TAG_NAME, "h1").text == text
    )
    return True


def text_of(message):
    return message.get_body(preferencelist=("plain",)).get_content()


def link_in(message, path):
    match = re.search(r"https?://\S+" + re.escape(path) + r"\?token=[A-Za-z0-9_\-]+", text_of(message))
    assert match, text_of(message)
    return match.group(0)


def test_verification_link_from_the_email_verifies_in_the_browser(server, graphql, mailbox, browser):
    box, _ = mailbox
    email, _ = new_account(graphql)
    assert graphql(LOG_IN, {"e": email, "p": PASSWORD})["errors"][0]["extensions"]["code"] == "EMAIL_NOT_VERIFIED"
    message = box.wait_for(email, "verif")
    link = link_in(message, "/verify-email")
    assert link.startswith(server)
    browser.get(link)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Your email has been verified"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert graphql(LOG_IN, {"e": email, "p": PASSWORD})["data"]["logIn"]["token"].startswith("qry_")
    browser.get(link)
    assert browser.find_element(By.TAG_NAME, "h1").text == "This link has expired or is not valid"


def test_error_page_resend_form_sends_a_new_working_link(server, graphql, mailbox, browser):
    box, _ = mailbox
    email, _ = new_account(graphql)
    first = link_in(box.wait_for(email, "verif"), "/verify-email")
    browser.get(server + "/verify-email?token=qrv_not_a_real_token")
    assert browser.find_element(By.TAG_NAME, "h1").text == "This link has expired or is not valid"
    field = browser.find_element(By.ID, "email")
    assert browser.find_element(By.CSS_SELECTOR, "label[for=email]").text
    field.send_keys(email)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert heading_becomes(browser, "Verification link has been sent")
    second = link_in(box.wait_for(email, "verif"), "/verify-email")
    assert second != first
    browser.get(first)
    assert browser.find_element(By.TAG_NAME, "h1").text == "This link has expired or is not valid"
    browser.get(second)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Your email has been verified"


def test_resend_from_the_error_page_is_limited_to_once_a_day(server, graphql, mailbox, browser):
    box, _ = mailbox
    email, _ = new_account(graphql)
    first = link_in(box.wait_for(email, "verif"), "/verify-email")
    assert graphql("mutation($e: String!) { resendVerification(email: $e) }", {"e": email})["data"]["resendVerification"]
    box.wait_for(email, "verif")
    browser.get(first)
    browser.find_element(By.ID, "email").send_keys(email)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    alert = shown(browser, "[role=alert]")
    assert alert.startswith("You reached out of attempts to resend the verification link. Please try again in")


def test_password_reset_email_link_resets_the_password(server, graphql, mailbox):
    box, _ = mailbox
    email, _ = new_account(graphql)
    verify = link_in(box.wait_for(email, "verif"), "/verify-email")
    token = verify.split("token=")[1]
    assert graphql("mutation($t: String!) { verifyEmail(token: $t) { token } }", {"t": token})["data"]["verifyEmail"]["token"]
    assert graphql("mutation($e: String!) { requestPasswordReset(email: $e) }", {"e": email})["data"]["requestPasswordReset"]
    reset = link_in(box.wait_for(email, "password"), "/reset-password")
    assert reset.startswith(server)
    new_password = "marble lantern orchestra 19"
    result = graphql(
        "mutation($t: String!, $n: String!) { resetPassword(token: $t, newPassword: $n, confirmPassword: $n) }",
        {"t": reset.split("token=")[1], "n": new_password},
    )
    assert result["data"]["resetPassword"] is True, result
    assert graphql(LOG_IN, {"e": email, "p": new_password})["data"]["logIn"]["token"]


def test_nickname_recovery_email_names_the_nickname(graphql, mailbox):
    box, _ = mailbox
    email, nickname = new_account(graphql)
    assert graphql("mutation($e: String!) { recoverNickname(email: $e) }", {"e": email})["data"]["recoverNickname"]
    assert nickname in text_of(box.wait_for(email, "nickname"))


def test_legal_documents_render(server, browser):
    browser.get(server + "/terms")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Terms and Conditions"
    browser.get(server + "/privacy")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Privacy Policy"
