import { describe, expect, it } from "vitest";
import { checkFoodItemRequired, foodItemForm, foodItemInput, priceInput } from "./admin-data";

describe("priceInput", () => {
  it("takes rand as a number or a decimal string and keeps 2 decimals", () => {
    expect(priceInput.parse(45)).toBe("45.00");
    expect(priceInput.parse(0.07)).toBe("0.07");
    expect(priceInput.parse("12.5")).toBe("12.50");
  });

  it("takes the price as it is shown and typed: a decimal comma or point", () => {
    expect(priceInput.parse("47,50")).toBe("47.50");
    expect(priceInput.parse(" 47.50 ")).toBe("47.50");
    expect(priceInput.parse("47,5")).toBe("47.50");
  });

  it("refuses zero, negative, fractional cents and text", () => {
    for (const bad of [0, -1, 1.005, "1.005", "R12", "", "1,2,3", "12,345", Number.NaN, 1e9]) {
      expect(priceInput.safeParse(bad).success).toBe(false);
    }
  });
});

describe("foodItemInput", () => {
  it("accepts only an uploaded image path or a web address", () => {
    const base = {
      name: "Pasta",
      description: "Met kaas",
      price: 40,
      day_of_week: "Maandag",
      weekly_menu_id: "0b6f6f9e-4d0e-4c8e-9a51-8f0c7d3c2a11",
    };
    expect(foodItemInput.safeParse({ ...base, image_url: "/uploads/a.webp" }).success).toBe(true);
    expect(foodItemInput.safeParse({ ...base, image_url: null }).success).toBe(true);
    expect(foodItemInput.safeParse({ ...base, image_url: "javascript:alert(1)" }).success).toBe(false);
    expect(foodItemInput.safeParse({ ...base, day_of_week: "Saterdag" }).success).toBe(false);
  });
});

describe("checkFoodItemRequired", () => {
  const full = {
    name: "Pasta",
    description: "Met kaas",
    price: 40,
    day_of_week: "Maandag",
    weekly_menu_id: "0b6f6f9e-4d0e-4c8e-9a51-8f0c7d3c2a11",
  };

  it("passes a complete item", () => {
    expect(checkFoodItemRequired(full)).toBeNull();
  });

  it("asks for the week first, even when other fields are empty too", () => {
    expect(checkFoodItemRequired({ ...full, weekly_menu_id: undefined })).toBe("food_item_menu_missing");
    expect(checkFoodItemRequired({ weekly_menu_id: "" })).toBe("food_item_menu_missing");
  });

  it("names the required fields when any is missing, null or blank", () => {
    for (const field of ["name", "description", "price", "day_of_week"] as const) {
      for (const empty of [undefined, null, "", "  "]) {
        expect(checkFoodItemRequired({ ...full, [field]: empty })).toBe("food_item_fields_missing");
      }
    }
  });

  it("leaves a present but invalid value to the schema", () => {
    expect(checkFoodItemRequired({ ...full, price: 0 })).toBeNull();
  });
});

describe("foodItemForm", () => {
  const menuId = "0b6f6f9e-4d0e-4c8e-9a51-8f0c7d3c2a11";
  const typed = {
    name: " Pasta ",
    description: "Met kaas",
    price: "47,50",
    image_url: "",
    day_of_week: "Dinsdag",
    preparation_time: "",
    portions: "",
    sold_at_counter: true,
  };
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("turns the typed fields into the body the server takes", () => {
    expect(foodItemForm(menuId, undefined).parse({ ...typed, preparation_time: "15" })).toEqual({
      name: "Pasta",
      description: "Met kaas",
      price: "47.50",
      day_of_week: "Dinsdag",
      weekly_menu_id: menuId,
      preparation_time: 15,
      // An empty field is no cap on the portions.
      portions: null,
      sold_at_counter: true,
    });
    expect(foodItemForm(menuId, undefined).parse({ ...typed, portions: "40" }).portions).toBe(40);
  });

  it("clears the image with an empty field only when editing", () => {
    expect(foodItemForm(menuId, null).parse(typed).image_url).toBeNull();
    expect(foodItemForm(menuId, undefined).parse(typed).image_url).toBeUndefined();
  });

  it("puts the required-fields message on each empty required field, and nothing else", () => {
    const result = foodItemForm(menuId, undefined).safeParse({
      ...typed,
      name: " ",
      day_of_week: "",
      price: "x",
    });
    expect(messages(result)).toEqual([
      ["name", "food_item_fields_missing"],
      ["day_of_week", "food_item_fields_missing"],
    ]);
  });

  it("says which typed value is wrong, in the domain's words", () => {
    const result = foodItemForm(menuId, undefined).safeParse({
      ...typed,
      price: "47,505",
      image_url: "javascript:alert(1)",
      preparation_time: "601",
      portions: "2,5",
    });
    expect(messages(result)).toEqual([
      ["price", "food_item_price_invalid"],
      ["image_url", "food_item_image_url_invalid"],
      ["preparation_time", "food_item_prep_time_invalid"],
      ["portions", "food_item_portions_invalid"],
    ]);
  });
});
