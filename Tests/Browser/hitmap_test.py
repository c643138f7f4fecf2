"""Drives the interactive hit map of the spec's example scene in headless Chromium.

The scene: window `main` (390 x 844), ViewOne at (20, 100, 300, 300) holding ViewTwo at
(20, 20, 200, 200), so ViewTwo covers screen (40, 120) to (240, 320). The map is 1 pixel
per point. Exit status 1 on any failed check.
"""
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

page, screenshot = sys.argv[1], sys.argv[2]
options = Options()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--window-size=1400,1000"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def at_map_pixel(x, y):
    """Actions at map pixel (x, y): Selenium's offsets are from the element's centre."""
    svg = driver.find_element(By.CSS_SELECTOR, "#map svg")
    rect = svg.rect
    return ActionChains(driver).move_to_element_with_offset(
        svg, x - rect["width"] / 2, y - rect["height"] / 2)


try:
    driver.get(pathlib.Path(page).resolve().as_uri())
    text = lambda css: driver.find_element(By.CSS_SELECTOR, css).text

    # Hover inside ViewTwo: the view, its responder chain, the local point of the cell.
    at_map_pixel(150, 250).perform()
    check(text("#hoverView") == "ViewTwo <UIView>", "hover names ViewTwo: " + text("#hover"))
    check(text("#hoverChain").startswith("ViewTwo → ViewOne → HitTestViewController → main"),
          "hover shows the responder chain: " + text("#hoverChain"))
    check(text("#hoverLocal") == "(110.5, 130.5)", "hover shows the local point: " + text("#hoverLocal"))
    current = driver.find_elements(By.CSS_SELECTOR, "#tree .node.current")
    check(len(current) == 1 and current[0].text.startswith("ViewTwo"), "the tree marks ViewTwo")

    # Hover in ViewOne outside ViewTwo.
    at_map_pixel(30, 110).perform()
    check(text("#hoverView") == "ViewOne", "hover names ViewOne: " + text("#hover"))

    # Click inside ViewTwo: explain says why.
    at_map_pixel(150, 250).click().perform()
    explanation = text("#explainText")
    check("hit `ViewTwo` in window `main`" in explanation, "click explains the hit: " + explanation)
    check("ViewTwo <UIView>: hit: the deepest view that takes the point" in explanation,
          "click gives the reason")
    # The map (844 points) fills the window's height: the explanation must be in view beside
    # it, not below the fold.
    top, height = driver.execute_script(
        "return [document.getElementById('explainText').getBoundingClientRect().top,"
        " window.innerHeight];")
    check(0 <= top < height - 100, "the explanation starts in view: at %s of %s" % (top, height))

    # Why not ViewOne, picked from the list at that spot.
    from selenium.webdriver.support.ui import Select
    pick = Select(driver.find_element(By.ID, "whyNot"))
    check([o.text for o in pick.options][1:] == ["main <UIWindow>", "ViewOne", "ViewTwo <UIView>"],
          "the why-not list holds the views under the spot")
    pick.select_by_visible_text("ViewOne")
    why = text("#whyNotText")
    check("`ViewOne`'s subview `ViewTwo` is on top at this point and took the touch" in why,
          "why not ViewOne: " + why)

    # Hovering a view in the tree highlights its area.
    node = next(n for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node")
                if n.text.startswith("ViewOne"))
    ActionChains(driver).move_to_element(node).perform()
    highlight = driver.find_element(By.ID, "highlight")
    check(highlight.get_attribute("points") == "20,100 320,100 320,400 20,400",
          "the tree highlights ViewOne's area: " + str(highlight.get_attribute("points")))

    # Search by id: the match and its ancestors stay.
    search = driver.find_element(By.ID, "search")
    search.send_keys("viewtwo")
    shown = [n.text for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node") if n.is_displayed()]
    check([s.split(" ")[0] for s in shown] == ["main", "ViewOne", "ViewTwo"], "search keeps the path: " + str(shown))
    search.clear()
    search.send_keys("UIWindow")
    shown = [n.text for n in driver.find_elements(By.CSS_SELECTOR, "#tree .node") if n.is_displayed()]
    check([s.split(" ")[0] for s in shown] == ["main"], "search by class: " + str(shown))

    driver.save_screenshot(screenshot)
    print("screenshot: " + screenshot)
finally:
    driver.quit()

if failures:
    print(f"{len(failures)} browser check(s) failed", file=sys.stderr)
    sys.exit(1)
print("browser test passed")
